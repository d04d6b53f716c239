/**
 * The web-vitals measurements the reporter uses, in one chunk fetched after idle. The plain build (about
 * 3.3 kB gzip) and the attribution the console shows taken from the metrics' own entries here, instead of
 * the attribution build (5.6 kB gzip): together they stay within the issue's 6 kB after load.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { ReportedMetric } from './vitals-report';

export { onCLS, onFCP, onINP, onLCP, onTTFB };

/** A short CSS selector of an element (`main>section.hero>img`), as web-vitals' attribution build writes it. */
function selectorOf(node: Node | null | undefined): string | undefined {
  let selector = '';
  for (let current = node; current && current.nodeType === Node.ELEMENT_NODE && current.nodeName !== 'HTML'; current = current.parentNode) {
    const element = current as Element;
    const part = element.id
      ? `${element.localName}#${element.id}`
      : element.classList.length
        ? `${element.localName}.${[...element.classList].join('.')}`
        : element.localName;
    if (selector.length + part.length > 100) break;
    selector = selector ? `${part}>${selector}` : part;
  }
  return selector || undefined;
}

/**
 * The last element pressed or typed into: INP's target when its element is gone by the time the entry
 * is read (a pop-up's close button removes its own dialog).
 */
let lastInteraction: string | undefined;
for (const type of ['pointerdown', 'keydown']) {
  addEventListener(type, (event) => (lastInteraction = selectorOf(event.target as Node)), { capture: true, passive: true });
}

/** What the console shows of a metric: LCP's element, INP's target and phases, the largest layout shift's element. */
export function withAttribution(metric: Metric): ReportedMetric {
  const { name, id, value, navigationType } = metric;
  const reported: ReportedMetric = { name, id, value, navigationType };
  if (name === 'LCP') {
    reported.attribution = { target: selectorOf((metric.entries.at(-1) as LargestContentfulPaint | undefined)?.element) };
  } else if (name === 'INP') {
    const entry = (metric.entries as PerformanceEventTiming[]).reduce<PerformanceEventTiming | undefined>(
      (longest, e) => (!longest || e.duration > longest.duration ? e : longest),
      undefined,
    );
    if (entry) {
      reported.attribution = {
        interactionTarget: selectorOf(entry.target) ?? lastInteraction,
        inputDelay: entry.processingStart - entry.startTime,
        processingDuration: entry.processingEnd - entry.processingStart,
        presentationDelay: Math.max(0, entry.startTime + entry.duration - entry.processingEnd),
      };
    }
  } else if (name === 'CLS') {
    const largest = (metric.entries as LayoutShift[]).reduce<LayoutShift | undefined>((max, e) => (!max || e.value > max.value ? e : max), undefined);
    reported.attribution = { largestShiftTarget: selectorOf(largest?.sources.find((source) => source.node)?.node) };
  }
  return reported;
}
