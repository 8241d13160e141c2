/** "45 mins" → "PT45M", "1 hr 15 mins" → "PT1H15M" (ISO 8601, for schema.org). */
export function isoDuration(time: string): string {
  const hours = /(\d+)\s*hrs?/.exec(time)?.[1];
  const minutes = /(\d+)\s*mins?/.exec(time)?.[1];
  if (!hours && !minutes) throw new RangeError(`Not a duration: ${time}`);
  return `PT${hours ? `${Number(hours)}H` : ''}${minutes ? `${Number(minutes)}M` : ''}`;
}
