/** A duration for people: "40 s", "12 min", "2 h 5 min", "3 days 4 h". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const dayText = `${days} ${days === 1 ? 'day' : 'days'}`;
  return rest ? `${dayText} ${rest} h` : dayText;
}

/** "1,234" in the product's number style (en-IN groups lakhs: "1,23,456"). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-IN');
}

/** "37%" with one decimal below 10 % ("4.5%"), as a share of 0..1. */
export function formatShare(share: number): string {
  const percent = share * 100;
  if (percent > 0 && percent < 10) return `${percent.toFixed(1)}%`;
  return `${Math.round(percent)}%`;
}
