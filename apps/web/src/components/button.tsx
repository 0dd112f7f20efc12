import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
type Size = 'sm' | 'md';

const variantClasses: Record<Variant, string> = {
  primary: 'bg-blue-600 text-white shadow-sm hover:bg-blue-700 focus-visible:outline-blue-600',
  secondary:
    'bg-white text-slate-700 ring-1 ring-inset ring-slate-300 shadow-sm hover:bg-slate-50 focus-visible:outline-blue-600',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-600',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-blue-600',
};

const sizeClasses: Record<Size, string> = {
  // At least 24 px high (WCAG 2.2 target size), with the text.
  sm: 'min-h-8 gap-1.5 rounded-md px-2.5 py-1.5 text-sm',
  md: 'gap-2 rounded-lg px-4 py-2 text-sm',
};

// Disabled is its own colour, not faded: a faded label falls under 4.5:1 contrast.
const DISABLED_CLASSES =
  'disabled:cursor-not-allowed disabled:bg-slate-200 disabled:text-slate-600 disabled:shadow-none disabled:ring-1 disabled:ring-inset disabled:ring-slate-300';

export const buttonClasses = (variant: Variant = 'primary', size: Size = 'md') =>
  `inline-flex items-center justify-center font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${DISABLED_CLASSES} ${variantClasses[variant]} ${sizeClasses[size]}`;

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

export function Button({ variant, size, className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={`${buttonClasses(variant, size)} ${className}`} {...props} />;
}

/** A square, label-less icon button; `aria-label` is required so screen readers (and tests) can name it. */
export function IconButton({
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { 'aria-label': string }) {
  return (
    <button
      type={type}
      title={props['aria-label']}
      className={`inline-flex size-8 items-center justify-center rounded-md text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:text-slate-400 ${className}`}
      {...props}
    />
  );
}
