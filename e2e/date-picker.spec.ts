import { expect, test, type Locator, type Page } from '@playwright/test';
import { organisationApi } from './api-helpers.ts';
import { DEMO_OWNER, expectNoAxeViolations, signInAs } from './fixtures.ts';

type Mode = 'light' | 'dark' | 'narrow';

// A Wednesday in mid-month: the calendar shows days before "today" (disabled where the minimum is today).
const TODAY = new Date(2026, 2, 18, 10, 0, 0);

async function start(page: Page, mode: Mode) {
  await page.clock.setFixedTime(TODAY);
  if (mode === 'narrow') await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: mode === 'dark' ? 'dark' : 'light' });
  await page.goto('/login');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode === 'dark' ? 'dark' : 'light');
}

/** The open calendar of a date field. */
function calendar(page: Page): Locator {
  return page.locator('[data-dates-dropdown]');
}

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1 &&
  inner.y >= outer.y - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;

/**
 * The calendar has the date picker's styles: small chevrons, a compact month grid on the screen
 * (inside `within` when given), and disabled days that look different from the others.
 */
async function expectStyledCalendar(page: Page, options: { within?: Locator; disabledDays: boolean }) {
  const dropdown = calendar(page);
  await expect(dropdown).toBeVisible();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

  const icons = await dropdown.locator('svg').evaluateAll((svgs) => svgs.map((svg) => svg.getBoundingClientRect().width));
  expect(icons.length).toBeGreaterThan(0);
  for (const width of icons) expect(width, 'a calendar chevron').toBeLessThan(40);

  const box = (await dropdown.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width, 'the calendar width').toBeLessThan(360);
  expect(inside(box, { x: 0, y: 0, ...viewport }), `the calendar ${JSON.stringify(box)} is on screen`).toBe(true);
  if (options.within) {
    const outer = (await options.within.boundingBox())!;
    expect(box.x, 'the calendar starts inside the dialog').toBeGreaterThanOrEqual(outer.x - 1);
    expect(box.x + box.width, 'the calendar ends inside the dialog').toBeLessThanOrEqual(outer.x + outer.width + 1);
  }

  // Days are the buttons of the month table; past days (before the field's minimum) are disabled.
  const days = dropdown.locator('table button');
  await expect(days.first()).toBeVisible();
  if (options.disabledDays) {
    const look = (day: Locator) =>
      day.evaluate((el) => {
        const style = getComputedStyle(el);
        return `${style.color} ${style.opacity}`;
      });
    const disabled = days.and(page.locator('[data-disabled]')).first();
    const enabled = days.and(page.locator(':not([data-disabled]):not([data-outside])')).first();
    await expect(disabled).toBeVisible();
    expect(await look(disabled), 'a disabled day looks different from an enabled one').not.toBe(await look(enabled));
  }
}

/** The New recruitment dialog at its Details step, with a name typed in. */
async function newRecruitmentDetails(page: Page) {
  await page.goto('/recruitment');
  await page.getByRole('button', { name: 'New recruitment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New recruitment' });
  await dialog.getByRole('combobox', { name: /^Job role/ }).click();
  await page.getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Calendar check');
  return dialog;
}

/** An open demo recruitment (read through the API). */
async function demoRecruitmentId(page: Page): Promise<string> {
  const api = await organisationApi(page);
  const list = await (await page.request.get(`${api.base}/recruitments`, { params: { 'filter[status]': 'open', per_page: 100 } })).json();
  const open = (list.recruitments.data as Array<{ id: string; active_count: number }>).find((r) => r.active_count > 0);
  if (!open) throw new Error('no open demo recruitment with candidates');
  return open.id;
}

for (const mode of ['light', 'dark', 'narrow'] as const) {
  test(`the date picker is styled, passes axe and Escape closes only the calendar (${mode})`, async ({ page }) => {
    test.setTimeout(120_000);
    await start(page, mode);

    // New recruitment → Target date (the minimum is today).
    const dialog = await newRecruitmentDetails(page);
    const target = dialog.getByRole('textbox', { name: 'Target date' });
    await target.click();
    await expectStyledCalendar(page, { within: dialog, disabledDays: true });
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(calendar(page)).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Calendar check');
    // A picked day lands in the field in the app's format; the dialog stays open.
    await target.click();
    await calendar(page).getByRole('button', { name: '20 March 2026' }).click();
    await expect(target).toHaveValue('03/20/26');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The candidates' "Applied from" filter (no minimum: no disabled days).
    const recruitmentId = await demoRecruitmentId(page);
    await page.goto(`/recruitment/${recruitmentId}/candidates`);
    await page.getByRole('textbox', { name: 'Applied from' }).click();
    await expectStyledCalendar(page, { disabledDays: false });
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(calendar(page)).toBeHidden();

    // Scheduling an interview: the day may not be in the past.
    await page.goto(`/recruitment/${recruitmentId}/interviews`);
    await page.getByRole('button', { name: 'Schedule interview' }).click();
    const schedule = page.getByRole('dialog', { name: 'Schedule an interview' });
    await schedule.getByRole('textbox', { name: 'Video link' }).fill('https://meet.example.com/calendar-check');
    await schedule.getByRole('textbox', { name: 'Date' }).click();
    await expectStyledCalendar(page, { within: schedule, disabledDays: true });
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(calendar(page)).toBeHidden();
    await expect(schedule).toBeVisible();
    await expect(schedule.getByRole('textbox', { name: 'Video link' })).toHaveValue('https://meet.example.com/calendar-check');
  });
}
