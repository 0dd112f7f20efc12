import type { ReactNode } from 'react';

/** Stand-in body for screens that are planned but not built yet. */
export function ComingSoon({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-blue-50 text-blue-600">{icon}</div>
      <p className="max-w-md text-sm text-slate-600">{children}</p>
    </div>
  );
}
