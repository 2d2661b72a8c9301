// Typings for the bikram-sambat package (a dev dependency used only as an independent reference
// in the calendar tests; it ships none of its own).
declare module 'bikram-sambat' {
  type BikramSambatDate = { year: number; month: number; day: number };
  const bikramSambat: {
    daysInMonth(year: number, month: number): number;
    toBik(isoAd: string): BikramSambatDate;
    toBik_euro(isoAd: string): string;
    toGreg(year: number, month: number, day: number): BikramSambatDate;
    toGreg_text(year: number, month: number, day: number): string;
  };
  export default bikramSambat;
}
