// SVG flags from flag-icons: emoji flags need a flag font, which many systems (Windows, most Linux
// desktops) lack, and then show two letters instead. Each flag is its own file, fetched only when a flag
// is on screen; the map of their addresses loads with the phone input, not with the landing page.
const FLAG_FILES = import.meta.glob<string>('../../../../../../node_modules/flag-icons/flags/4x3/??.svg', {
  eager: true,
  query: '?no-inline',
  import: 'default',
});

const FLAG_URLS = new Map(
  Object.entries(FLAG_FILES).map(([path, url]) => [
    (/(\w\w)\.svg$/.exec(path)?.[1] ?? '').toUpperCase(),
    url,
  ]),
);

/** The country's flag (4:3, 20 px wide); its two-letter code in a badge when there is no flag for it. */
export function CountryFlag({ code }: { code: string }) {
  const url = FLAG_URLS.get(code.toUpperCase());
  if (!url) {
    return (
      <span
        aria-hidden="true"
        data-flag={code}
        className="inline-flex h-[15px] w-5 shrink-0 items-center justify-center rounded-[2px] bg-slate-200 text-[0.55rem] font-semibold text-slate-600"
      >
        {code}
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      aria-hidden="true"
      data-flag={code}
      width={20}
      height={15}
      loading="lazy"
      decoding="async"
      className="h-[15px] w-5 shrink-0 rounded-[2px] object-cover ring-1 ring-slate-900/10"
    />
  );
}
