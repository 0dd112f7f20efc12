import type { AccountRef } from '@mining-hub/contract/common';
import { Link } from 'react-router';

interface CompanyLinkProps {
  account: NonNullable<AccountRef>;
  /** What the link shows: the account's name unless the row names the company its own way (the feed's name). */
  label?: string;
  className?: string;
  /** Besides navigating (a panel the link sits in closes). */
  onClick?: () => void;
}

/**
 * A company's name as a link to its page (issue 34). Its accessible name starts with the text shown (so voice
 * control finds it) and says where it goes; it wraps rather than overflows on a phone.
 */
export function CompanyLink({ account, label, className = '', onClick }: CompanyLinkProps) {
  const text = label ?? account.name;
  return (
    <Link
      to={`/companies/${account.id}`}
      aria-label={`${text}: company page`}
      onClick={onClick}
      className={`rounded break-words text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${className}`}
    >
      {text}
    </Link>
  );
}
