/** The foundation's mark: a sun rising over two green hills, with a heart. */
export function LogoMark({ className = "size-10" }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="24" fill="#1d6e55" />
      <circle cx="24" cy="22" r="8" fill="#f2b84b" />
      <path d="M2 32c7-7 14-8 22-4s15 3 22-3v5a24 24 0 0 1-44 2Z" fill="#7cc3a8" />
      <path d="M4 36c8-5 16-5 24-1s12 3 17-1a24 24 0 0 1-41 2Z" fill="#aedcc9" />
      <path d="M24 27.5s-4.5-2.7-5.5-5.4c-.7-2 .6-3.8 2.5-3.8 1.2 0 2.2.6 3 1.8.8-1.2 1.8-1.8 3-1.8 1.9 0 3.2 1.8 2.5 3.8-1 2.7-5.5 5.4-5.5 5.4Z" fill="#fff" />
    </svg>
  );
}
