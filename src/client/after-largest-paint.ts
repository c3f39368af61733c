/**
 * Runs `then` once the page has loaded, painted its largest element and the main thread is idle
 * (decision 019): work the first screen does not need (`client:painted` islands) then never
 * competes with the largest paint, which Lighthouse's simulation would charge it to. Browsers without
 * largest-contentful-paint entries (Safari, Firefox) wait for load and an idle moment; a page whose
 * largest paint never comes (a picture that fails) goes on after `maxWaitMs`.
 */
export function afterLargestPaint(then: () => void, maxWaitMs = 3000): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    if ('requestIdleCallback' in window) requestIdleCallback(then, { timeout: 2000 });
    else setTimeout(then, 200);
  };
  const afterLoad = () => {
    if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return run();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().length === 0) return;
      observer.disconnect();
      run();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      run();
    }, maxWaitMs);
  };
  if (document.readyState === 'complete') afterLoad();
  else addEventListener('load', afterLoad, { once: true });
}
