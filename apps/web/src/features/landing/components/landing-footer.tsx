import { Link } from 'react-router';
import { usePublicConfig } from '@/shared/config/public-config';
import { BrandLink } from '@/shared/ui/brand';

const FOOTER_LINKS = ['About', 'Features', 'FAQ', 'Register'] as const;

/** `mailto:` for the configured contact address (CONTACT_EMAIL on the server), or null when none is set. */
export function useContactHref(): string | null {
  const email = usePublicConfig().config?.contact_email?.trim();
  return email ? `mailto:${email}` : null;
}

export function LandingFooter() {
  const contact = useContactHref();
  return (
    <footer id="footer" className="border-t border-slate-800 bg-slate-950 text-slate-400">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="max-w-sm">
          <BrandLink inverse />
          <p className="mt-3 text-sm">Your all in one tool for handling WhatsApp.</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-8 gap-y-3 text-sm font-medium">
            {FOOTER_LINKS.map((label) => (
              <li key={label}>
                <Link to="/" className="hover:text-white">
                  {label}
                </Link>
              </li>
            ))}
            {contact ? (
              <li>
                <a href={contact} className="hover:text-white">
                  Contact us
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs sm:px-6 lg:px-8">
          © 2024 wadesk. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
