import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { UploadCard } from '@/features/chat-import/upload/upload-card';
import { CtaBand } from '@/features/landing/components/cta-band';
import { FaqSection } from '@/features/landing/components/faq-section';
import { Hero } from '@/features/landing/components/hero';
import { HowItWorks } from '@/features/landing/components/how-it-works';
import { LandingFooter } from '@/features/landing/components/landing-footer';
import { LandingHeader } from '@/features/landing/components/landing-header';
import { scrollToSection } from '@/features/landing/utils/scroll-to-section';
import { usePageTitle } from './use-page-title';

export function LandingRoute() {
  usePageTitle();
  const { hash } = useLocation();

  // Arriving at /#faq (or /#how-works) from another page scrolls to that section.
  useEffect(() => {
    if (hash.length > 1) scrollToSection(decodeURIComponent(hash.slice(1)));
  }, [hash]);

  return (
    <div className="min-h-dvh bg-white">
      <LandingHeader />
      <main>
        <Hero upload={<UploadCard size="compact" />} />
        <HowItWorks />
        <FaqSection />
        <CtaBand />
      </main>
      <LandingFooter />
    </div>
  );
}
