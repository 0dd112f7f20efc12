import { LogoMark } from '../../components/icons.tsx';
import { SignInForm } from './components/sign-in-form.tsx';

/** Shown in place of any protected screen while nobody is signed in; the URL stays, so the user lands where they meant to. */
export function SignInPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-900 via-slate-800 to-blue-900 px-4 py-12">
      <title>Sign in · Mining Sales Hub</title>
      <div className="w-full max-w-md">
        <div className="mb-8 flex flex-col items-center text-center">
          <LogoMark className="size-14" />
          <p className="mt-4 text-sm font-medium tracking-wide text-blue-200 uppercase">Mining Sales Hub</p>
        </div>
        <div className="rounded-2xl bg-white p-8 shadow-2xl ring-1 ring-slate-900/5">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Sign in to Mining Sales Hub</h1>
          <p className="mt-1 mb-6 text-sm text-slate-500">Mining news and sales intelligence for your team.</p>
          <SignInForm />
        </div>
      </div>
    </main>
  );
}
