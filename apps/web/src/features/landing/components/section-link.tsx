import type { ReactNode } from 'react';
import { scrollToSection } from '@/features/landing/utils/scroll-to-section';

interface SectionLinkProps {
  /** The id of the section on this page. */
  section: string;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
}

/** An in-page link that scrolls smoothly and keeps the address's hash in step. */
export function SectionLink({ section, className, onNavigate, children }: SectionLinkProps) {
  return (
    <a
      href={`#${section}`}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        onNavigate?.();
        window.history.replaceState(window.history.state, '', `#${section}`);
        scrollToSection(section);
      }}
    >
      {children}
    </a>
  );
}
