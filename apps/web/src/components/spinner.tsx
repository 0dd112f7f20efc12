export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <svg className={`animate-spin text-blue-600 ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-20" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Whole-screen wait state, e.g. while the session check runs. */
export function FullPageLoading() {
  return (
    <div role="status" className="flex min-h-screen flex-col items-center justify-center gap-3 bg-slate-50">
      <Spinner className="size-10" />
      <p className="text-sm font-medium text-slate-600">Loading...</p>
    </div>
  );
}
