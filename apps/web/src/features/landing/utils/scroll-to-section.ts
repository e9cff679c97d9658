/** Smoothly scrolls to a landing-page section (after any open drawer has released the page). */
export function scrollToSection(id: string): void {
  requestAnimationFrame(() => {
    const target = document.getElementById(id);
    if (!target) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  });
}

export function scrollToTop(): void {
  requestAnimationFrame(() => window.scrollTo({ top: 0, behavior: 'smooth' }));
}
