import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  url: string;
  className?: string;
  label?: string;
  children: ReactNode;
}

/**
 * An ad or banner target: site paths navigate inside the app, full URLs open a new tab, and
 * an ad without a target is just the picture (no dead link).
 */
export function AdLink({ url, className, label, children }: Props) {
  if (!url) return <div className={className}>{children}</div>;
  if (url.startsWith('/')) {
    return (
      <Link to={url} className={className} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url} className={className} aria-label={label} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
