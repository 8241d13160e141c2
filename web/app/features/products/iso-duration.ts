/** A duration text "m:ss" as ISO 8601 ("PT3M45S"), for <time dateTime> and JSON-LD. */
export function isoDuration(text: string): string {
  const [minutes, seconds] = text.split(':').map(Number);
  return `PT${minutes}M${seconds}S`;
}
