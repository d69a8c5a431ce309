import { expect, test } from '@playwright/test';
import { minimalPdf, organisationApi, seedRecruitmentWithCandidate } from './api-helpers.ts';
import { DEMO_OWNER, expectNoAxeViolationsInDialog, inLightDarkAndNarrow, signInAs } from './fixtures.ts';

test('a recruiter works a candidate in the slide-over: rating, tags, a note with a mention, a résumé, reject and restore', async ({
  page,
}) => {
  await page.goto('/recruitment');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/recruitment$/);
  const candidate = 'Morgan Ellis';
  const { recruitmentId } = await seedRecruitmentWithCandidate(page, {
    recruitmentName: 'Panel check',
    candidate: { name: candidate, email: `morgan.ellis.${Date.now()}@example.test`, phone: '+44 20 7946 0958', location: 'Bristol' },
  });

  // Opened from the candidates table of the recruitment.
  await page.goto(`/recruitment/${recruitmentId}/candidates`);
  await page.getByRole('table', { name: 'Candidates' }).getByRole('link', { name: candidate }).click();
  await expect(page).toHaveURL(/[?&]application=[0-9a-f-]{36}/);
  const panel = page.getByRole('dialog', { name: candidate });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: /@example\.test$/ })).toHaveAttribute('href', /^mailto:/);
  await expectNoAxeViolationsInDialog(page, 'the candidate drawer');

  // Rating and tags save at once.
  // The star's radio is visually hidden; its label is what a pointer clicks.
  const fourStars = await panel.getByRole('radio', { name: '4 stars' }).getAttribute('id');
  await panel.locator(`label[for="${fourStars}"]`).click();
  await expect(page.getByText('Rated 4 of 5.')).toBeVisible();
  await expect(panel.getByRole('radio', { name: '4 stars' })).toBeChecked();
  const tags = panel.getByRole('combobox', { name: 'Tags' });
  await tags.fill('distributed-systems');
  await tags.press('Enter');
  await expect(page.getByText('Tags saved.')).toBeVisible();

  // Move to the next stage from the stage menu.
  await panel.getByRole('button', { name: 'Stage: Applied. Move to…' }).click();
  await page.getByRole('menuitem', { name: 'Screening' }).click();
  await expect(panel.getByRole('button', { name: 'Stage: Screening. Move to…' })).toBeVisible();

  // A note mentioning a colleague.
  await panel.getByRole('tab', { name: 'Notes' }).click();
  const composer = panel.getByRole('textbox', { name: /New note/ });
  await composer.fill('Strong on systems design; ');
  await composer.pressSequentially('@pri');
  const suggestions = panel.getByRole('listbox', { name: 'Colleagues to mention' });
  await expect(suggestions.getByRole('option', { name: /Priya Raman/ })).toBeVisible();
  await composer.press('Enter');
  await expect(composer).toHaveValue('Strong on systems design; @Priya Raman ');
  await composer.pressSequentially('please run the technical interview.');
  await panel.getByRole('button', { name: 'Add note' }).click();
  const notes = panel.getByRole('list', { name: 'Notes' });
  await expect(notes.getByText('@Priya Raman')).toBeVisible();
  await expect(notes.locator('[data-mention]')).toHaveCount(1);
  await expect(notes).toContainText('please run the technical interview.');
  await expectNoAxeViolationsInDialog(page, 'the candidate drawer');

  // A PDF résumé, previewed in the browser.
  await panel.getByRole('tab', { name: /Résumé/ }).click();
  await panel
    .getByLabel('Upload a document')
    .setInputFiles({ name: 'morgan-ellis-cv.pdf', mimeType: 'application/pdf', buffer: minimalPdf('Morgan Ellis CV') });
  await expect(panel.getByRole('table', { name: 'Files' }).getByRole('link', { name: 'morgan-ellis-cv.pdf' })).toBeVisible();
  await expect(panel.getByRole('img', { name: 'Page 1 of morgan-ellis-cv.pdf' })).toBeVisible();
  // Refused before upload: not a document.
  await panel.getByLabel('Upload a document').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(panel.getByRole('alert')).toHaveText('The file must be a PDF, DOC or DOCX document.');
  await expectNoAxeViolationsInDialog(page, 'the candidate drawer');

  // Reject with a reason, then restore.
  await panel.getByRole('button', { name: 'Reject…' }).click();
  const reject = page.getByRole('dialog', { name: `Reject ${candidate}` });
  await reject.getByRole('combobox', { name: 'Reason' }).click();
  await reject.getByRole('option', { name: 'Salary expectations' }).click();
  await expectNoAxeViolationsInDialog(page, 'the candidate drawer');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();
  await expect(panel.getByText('Salary expectations')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Restore' })).toBeVisible();

  await panel.getByRole('tab', { name: 'Activity' }).click();
  await expect(panel.getByText(/rejected the candidate in .*: Salary expectations/)).toBeVisible();
  await expect(panel.getByText(/tagged the candidate “distributed-systems”/)).toBeVisible();
  await expect(panel.getByText('Dana Whitfield moved the candidate from Applied to Screening')).toBeVisible();
  await panel.getByRole('tab', { name: 'Stage history' }).click();
  const history = panel.getByRole('table', { name: 'Stage history' });
  await expect(history.getByRole('row', { name: /Screening from Applied .*Dana Whitfield/ })).toBeVisible();
  await expectNoAxeViolationsInDialog(page, 'the candidate drawer');

  await panel.getByRole('button', { name: 'Restore' }).click();
  await expect(panel.getByRole('button', { name: 'Reject…' })).toBeVisible();

  // Esc closes the panel and the URL forgets it.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/application=/);
});

test('a careers applicant’s cover note and answers are on the slide-over’s first tab, readable in light, dark and at 390 px', async ({
  page,
}) => {
  await page.goto('/recruitment');
  await signInAs(page, { name: DEMO_OWNER.name });
  await expect(page).toHaveURL(/\/recruitment$/);
  // A demo application that came through the careers site (the demo gives each a cover note and answers).
  const api = await organisationApi(page);
  const list = await (await page.request.get(`${api.base}/recruitments`, { params: { 'filter[status]': 'open', per_page: 100 } })).json();
  let found: { recruitmentId: string; applicationId: string; name: string } | null = null;
  for (const r of list.recruitments.data as Array<{ id: string }>) {
    const apps = await (
      await page.request.get(`${api.base}/recruitments/${r.id}/applications`, { params: { 'filter[source]': 'careers_site', per_page: 1 } })
    ).json();
    const first = apps.applications.data[0] as { id: string; candidate: { name: string } } | undefined;
    if (first) {
      found = { recruitmentId: r.id, applicationId: first.id, name: first.candidate.name };
      break;
    }
  }
  expect(found, 'a demo application through the careers site').not.toBeNull();
  const detail = await (await page.request.get(`${api.base}/applications/${found!.applicationId}`)).json();
  const sent = detail.application.career_application as { cover_note: string; answers: { label: string; answer: string }[] };
  expect(sent.cover_note.length).toBeGreaterThan(10);

  await page.goto(`/recruitment/${found!.recruitmentId}/candidates?application=${found!.applicationId}`);
  const panel = page.getByRole('dialog', { name: found!.name });
  const section = panel.getByRole('region', { name: 'Sent with the application' });
  await inLightDarkAndNarrow(page, async () => {
    await expect(section).toBeVisible();
    await expect(section.getByText('Cover note')).toBeVisible();
    await expect(section).toContainText(sent.cover_note.split('\n')[0]!);
    for (const a of sent.answers) await expect(section.getByRole('term').filter({ hasText: a.label })).toBeVisible();
    // Nothing runs off the side at 390 px.
    expect(await section.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoAxeViolationsInDialog(page, 'the candidate drawer');
  });
});
