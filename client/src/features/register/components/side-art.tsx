import type { UserType } from '@almquest/contracts/session';

/** The side image changes with the account type (SPEC: registration). */
export function SideArt({ userType, label }: { userType: UserType; label: string }) {
  return userType === 'donor' ? (
    <svg viewBox="0 0 200 200" role="img" aria-label={label} className="w-40 md:w-56">
      <circle cx="100" cy="100" r="95" fill="#fef3c7" />
      <rect x="55" y="95" width="90" height="60" rx="8" fill="#f59e0b" />
      <path d="M55 110h90" stroke="#b45309" strokeWidth="4" />
      <circle cx="100" cy="60" r="22" fill="#15803d" />
      <path
        d="M80 125c-15-5-25 5-30 15M120 125c15-5 25 5 30 15"
        stroke="#15803d"
        strokeWidth="8"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  ) : (
    <svg viewBox="0 0 200 200" role="img" aria-label={label} className="w-40 md:w-56">
      <circle cx="100" cy="100" r="95" fill="#dcfce7" />
      <rect x="40" y="110" width="100" height="40" rx="8" fill="#15803d" />
      <circle cx="65" cy="155" r="12" fill="#14532d" />
      <circle cx="120" cy="155" r="12" fill="#14532d" />
      <rect x="140" y="120" width="25" height="30" rx="4" fill="#166534" />
      <rect x="55" y="85" width="45" height="25" rx="4" fill="#f59e0b" />
    </svg>
  );
}
