import { expect, test, type Locator, type Page } from '@playwright/test';
import { organisationApi, seedRecruitmentWithCandidate } from './api-helpers.ts';
import { expectNoAxeViolations, signInAsNewOwner } from './fixtures.ts';

const columnNamed = (page: Page, name: string) =>
  page.getByTestId('board-column').filter({ has: page.getByRole('heading', { name, exact: true }) });

const PEOPLE = ['Ann Left', 'Ben Middle', 'Cy Right'];
/** The people in a column, top to bottom. */
const namesIn = async (page: Page, column: string) =>
  (await columnNamed(page, column).getByTestId('board-card').allTextContents()).map(
    (text) => PEOPLE.find((name) => text.includes(name)) ?? text,
  );

/**
 * Where an element is once it stands still: after a drop the cards slide into place and the column
 * grows, so a box read during that would aim the next drop at where the column was going to be.
 */
async function settledBox(locator: Locator) {
  let last = '';
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect
    .poll(
      async () => {
        box = await locator.boundingBox();
        const now = JSON.stringify(box);
        const still = box !== null && now === last;
        last = now;
        return still;
      },
      { intervals: [50, 100, 100, 250] },
    )
    .toBe(true);
  return box!;
}

/**
 * Drags `name` by its handle with the mouse and lets go at `target()`, then waits for the server's
 * answer. `hover` waits until the handle stands still (the column's cards slide into place after
 * the previous drop), and the drag counts only once the board has announced the pick-up. The
 * target is read again once the card is over it: the board may scroll under a held card (dnd-kit's
 * auto-scroll), and a person aims at where the column is, not where it was.
 */
async function dragTo(page: Page, name: string, target: () => Promise<{ x: number; y: number }>) {
  const handle = page.getByRole('button', { name: `Move ${name}` });
  await handle.hover();
  const from = (await handle.boundingBox())!;
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 5, { steps: 4 });
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`^(Picked up ${name}\\.|${name} is over )`) })).toBeAttached();
  const moved = page.waitForResponse((response) => /\/applications\/[^/]+\/move$/.test(response.url()));
  const first = await target();
  await page.mouse.move(first.x, first.y, { steps: 15 });
  const last = await target();
  await page.mouse.move(last.x, last.y, { steps: 2 });
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
}

test('a card dropped anywhere over a column lands in that column, where the pointer is, and stays there', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsNewOwner(page, { name: 'Bo Board', organisation: `Board Drops ${Date.now()}` });
  const stamp = Date.now();
  const setup = await organisationApi(page);
  const role = await page.request.post(`${setup.base}/role`, {
    data: { name: 'Support Engineer', status: 'open' },
    headers: setup.headers,
  });
  expect(role.status()).toBe(201);
  const { api, recruitmentId } = await seedRecruitmentWithCandidate(page, {
    recruitmentName: 'Drops',
    roleName: 'Support Engineer',
    candidate: { name: 'Ann Left', email: `ann.${stamp}@example.test` },
  });
  for (const [name, email] of [
    ['Ben Middle', `ben.${stamp}@example.test`],
    ['Cy Right', `cy.${stamp}@example.test`],
  ]) {
    const added = await page.request.post(`${api.base}/recruitments/${recruitmentId}/applications`, {
      data: { candidate: { name, email }, source: 'referral' },
      headers: api.headers,
    });
    expect(added.status()).toBe(201);
  }

  await page.goto(`/recruitment/${recruitmentId}/candidates?view=board`);
  await expect(columnNamed(page, 'Applied').getByTestId('board-card')).toHaveCount(3);
  const screening = columnNamed(page, 'Screening');
  const box = () => settledBox(screening);

  // The left third of Screening, half way down (closer to Applied's cards than to anything in Screening).
  await dragTo(page, 'Ann Left', async () => {
    const b = await box();
    return { x: b.x + b.width / 6, y: b.y + b.height / 2 };
  });
  await expect(screening.getByText('Ann Left')).toBeVisible();
  await expect(columnNamed(page, 'Applied').getByTestId('board-card')).toHaveCount(2);

  // The middle, above Ann's card: it goes before her.
  await dragTo(page, 'Ben Middle', async () => {
    const b = await box();
    const ann = await settledBox(screening.getByTestId('board-card').filter({ hasText: 'Ann Left' }));
    return { x: b.x + b.width / 2, y: ann.y + 4 };
  });
  await expect.poll(() => namesIn(page, 'Screening')).toEqual(['Ben Middle', 'Ann Left']);

  // Near the right edge, below the cards: the end of the column.
  await dragTo(page, 'Cy Right', async () => {
    const b = await box();
    const last = await settledBox(screening.getByTestId('board-card').filter({ hasText: 'Ann Left' }));
    return { x: b.x + b.width - 16, y: (last.y + last.height + b.y + b.height) / 2 };
  });
  await expect.poll(() => namesIn(page, 'Screening')).toEqual(['Ben Middle', 'Ann Left', 'Cy Right']);
  await expect(columnNamed(page, 'Applied').getByTestId('board-card')).toHaveCount(0);

  // The order holds after a reload.
  await page.reload();
  await expect.poll(() => namesIn(page, 'Screening')).toEqual(['Ben Middle', 'Ann Left', 'Cy Right']);
  await expectNoAxeViolations(page);
});
