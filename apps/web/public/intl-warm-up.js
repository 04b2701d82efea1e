// Loads the browser's ICU number and date data while the app's main script is still downloading.
// The first Intl formatter of a page costs 20-30 ms (later ones about 0.1 ms); made while the app
// renders its screen, it fell inside Lighthouse's 4x-slowed blocking time (issue 24, mobile TBT).
// The same locale and the same kinds of formatter as src/lib/format.ts and the calendar's
// dateTimeInZone; the objects are thrown away, ICU's loaded data stays for the app's own.
// A classic async script: it runs as soon as it arrives, while the network still brings the rest.
(function () {
  new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(1234.5);
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1234.5);
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
    era: 'short',
  }).formatToParts(new Date());
})();
