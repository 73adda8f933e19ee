import type { Locator } from '@playwright/test';

/**
 * A chart's values as its data table gives them to a screen reader (components/charts), one
 * `series · label: value` string per cell with a value, for every chart of that kind in `scope`: what
 * the hand-drawn charts' point titles said.
 */
export function chartPoints(scope: Locator, kind: 'line' | 'bar'): Promise<string[]> {
  return scope.locator(`table[data-chart="${kind}"]`).evaluateAll((tables) =>
    tables.flatMap((table) => {
      const names = [...table.querySelectorAll('thead th')].slice(1).map((th) => th.textContent);
      return [...table.querySelectorAll('tbody tr')].flatMap((tr) => {
        const label = tr.querySelector('th')?.textContent;
        return [...tr.querySelectorAll('td')].flatMap((td, i) =>
          td.textContent ? [`${names[i]} · ${label}: ${td.textContent}`] : [],
        );
      });
    }),
  );
}
