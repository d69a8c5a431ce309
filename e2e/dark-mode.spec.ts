import { expect, test, type Page } from '@playwright/test';
import { organisationApi } from './api-helpers.ts';
import { DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';

/** An open demo recruitment whose first page of candidates has tags (the demo tags about one in five). */
async function recruitmentWithTags(page: Page): Promise<string> {
  const api = await organisationApi(page);
  const list = await (await page.request.get(`${api.base}/recruitments`, { params: { 'filter[status]': 'open', per_page: 100 } })).json();
  for (const r of list.recruitments.data as Array<{ id: string }>) {
    const apps = await (await page.request.get(`${api.base}/recruitments/${r.id}/applications`, { params: { per_page: 25 } })).json();
    if ((apps.applications.data as Array<{ tags: string[] }>).some((a) => a.tags.length > 0)) return r.id;
  }
  throw new Error('no demo recruitment with tagged candidates');
}

/**
 * The contrast ratio (WCAG) of each badge's text against what is behind it: the badge's own
 * background composited over its ancestors' down to the first opaque one.
 */
function badgeContrasts(page: Page) {
  return page.locator('main .mantine-Badge-root').evaluateAll((badges) => {
    const parse = (css: string): [number, number, number, number] => {
      const srgb = /color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)/.exec(css);
      if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
      const rgb = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)/.exec(css);
      if (!rgb) throw new Error(`unreadable colour ${css}`);
      return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
    };
    const over = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + bottom[i]! * (1 - top[3]!)).concat(1);
    const luminance = (c: number[]) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const behind = (el: Element): number[] => {
      const layers: number[][] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const bg = parse(getComputedStyle(node).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] === 1) break;
      }
      return layers.reduceRight((acc, layer) => over(layer, acc), [255, 255, 255, 1]);
    };
    return badges.map((badge) => {
      const label = badge.querySelector('.mantine-Badge-label') ?? badge;
      const background = behind(badge);
      const text = over(parse(getComputedStyle(label).color), background);
      const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
      return { text: badge.textContent ?? '', ratio: (light! + 0.05) / (dark! + 0.05) };
    });
  });
}

for (const scheme of ['dark', 'light'] as const) {
  test(`tag chips and stage badges on the candidates list are readable (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/login');
    await signInAs(page, { name: DEMO_OWNER.name });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/recruitment/${await recruitmentWithTags(page)}/candidates`);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expect(page.getByRole('columnheader', { name: 'Tags' })).toBeVisible();
    await expect(page.locator('main .mantine-Badge-root').first()).toBeVisible();

    const contrasts = await badgeContrasts(page);
    expect(contrasts.length).toBeGreaterThan(0);
    for (const { text, ratio } of contrasts) expect(ratio, `"${text}" against its background`).toBeGreaterThanOrEqual(4.5);
    await expectNoAxeViolations(page);
  });
}
