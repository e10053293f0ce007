export function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-8 text-center text-3xl font-bold text-brand-800 dark:text-brand-200">
      {children}
    </h2>
  );
}
