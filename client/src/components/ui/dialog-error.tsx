/**
 * What did not happen, said inside a dialog (toasts step aside while one is open) and read out
 * at once: a title for what failed, and why.
 */
export function DialogError({
  title,
  msg,
  className = '',
}: {
  title?: string;
  msg: string;
  className?: string;
}) {
  return (
    <p role="alert" className={`text-sm text-red-700 dark:text-red-300 ${className}`}>
      {title && <span className="block font-semibold">{title}</span>}
      <span className={title ? '' : 'font-semibold'}>{msg}</span>
    </p>
  );
}
