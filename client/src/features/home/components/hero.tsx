import { useI18n } from '../../../i18n/i18n';

export function Hero() {
  const { t } = useI18n();
  return (
    <section
      id="hero"
      aria-labelledby="hero-title"
      className="bg-gradient-to-b from-brand-50 to-white px-4 py-16 sm:py-24 dark:from-brand-900/40 dark:to-gray-950"
    >
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-10 md:flex-row">
        <div className="flex-1 text-center md:text-left">
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {t('site.hero.title')}
          </h1>
          <p className="mt-4 text-lg text-gray-700 dark:text-gray-300">{t('site.hero.text')}</p>
          {/* SPEC: the button has no action. */}
          <button
            type="button"
            className="mt-8 inline-flex min-h-11 items-center rounded-full bg-accent-500 px-6 py-3 font-semibold text-gray-950 shadow hover:bg-accent-400"
          >
            {t('site.hero.cta')}
          </button>
        </div>
        <HeroArt label={t('site.hero.art')} />
      </div>
    </section>
  );
}

function HeroArt({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 240 200" className="w-64 max-w-full md:w-80" role="img" aria-label={label}>
      <circle cx="120" cy="100" r="90" fill="#dcfce7" />
      <path d="M50 110h140a70 70 0 0 1-140 0z" fill="#15803d" />
      <ellipse cx="120" cy="110" rx="70" ry="12" fill="#f59e0b" />
      <circle cx="95" cy="102" r="10" fill="#fef3c7" />
      <circle cx="120" cy="98" r="12" fill="#fde68a" />
      <circle cx="146" cy="103" r="9" fill="#fef3c7" />
      <path
        d="M95 60c8 8-8 14 0 24M120 52c8 8-8 14 0 24M145 60c8 8-8 14 0 24"
        stroke="#15803d"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}
