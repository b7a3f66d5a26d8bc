// The club library as a training tool (issue 14): staff publish a stage from the designer and
// attach it to an event; a registered member opens it from the event's card, runs a drill,
// keeps it, and finds it in their training log with the day counted in the streak.
import { randomBytes } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { clubMonthFromNow } from './support/months.ts';
import type { Browser, Page } from '@playwright/test';
import { createMember, setMemberFlags } from './support/fixtures.ts';
import type { TestMember } from './support/fixtures.ts';
import { apiCall, signIn, signInByApi } from './support/session.ts';

const CLUB_PRACTICES = 10;
const ALUMNO = 2;
const RESERVADO = 1;

async function englishPage(browser: Browser, member: TestMember): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.addInitScript(() => localStorage.setItem('ipsc-club.lang', 'en'));
  await signInByApi(page, member);
  return page;
}

test('staff publish a stage, attach it to an event, and a member practises it from the card and sees it in the training log', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = createMember({ staff: true, nombre: 'Laura', apellidos: 'Instructora' });
  const member = createMember({ nombre: 'Joan', apellidos: 'Practica' });
  setMemberFlags(member.login, { socio: '5150' });
  const stageName = `Bill drill E2E ${randomBytes(3).toString('hex')}`;
  const title = `Clase con deberes ${randomBytes(3).toString('hex')}`;
  const month = clubMonthFromNow(1);

  // Staff publish from the designer.
  const staffPage = await englishPage(browser, staff);
  await staffPage.goto('/stage-designer');
  await staffPage.getByRole('button', { name: 'Add Full shootable target' }).click();
  await staffPage.getByRole('button', { name: 'Publish to the club library' }).click();
  const publish = staffPage.getByRole('dialog', { name: 'Publish to the club library' });
  // The form says what is missing before anything is sent.
  await publish.getByLabel('Name').fill('');
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(publish.getByLabel('Minimum rounds')).toHaveAccessibleDescription('Enter a whole number between 1 and 200.');
  await publish.getByLabel('Name').fill(stageName);
  await publish.getByLabel('Description and procedure').fill('One target, six shots from the holster.');
  await publish.getByLabel('Minimum rounds').fill('6');
  await publish.getByLabel('Tags').fill('speed, E2E');
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(staffPage.getByText(`${stageName} is in the club library.`)).toBeVisible();
  await expect(publish).toBeHidden();

  // The library lists it, found by search and by tag.
  await staffPage.goto('/stages');
  await staffPage.getByLabel('Search', { exact: true }).fill(stageName.slice(-6));
  const card = staffPage.getByTestId('library-card').filter({ hasText: stageName });
  await expect(card).toHaveCount(1);
  // The engine draws the thumbnail: one group per element of the stage.
  await expect(card.locator('svg.stage-thumbnail')).toBeVisible();
  await expect(card.locator('svg.stage-thumbnail > g')).toHaveCount(1);
  await expect(card).toContainText('6 rounds');
  await staffPage.getByLabel('Search', { exact: true }).fill('');
  await staffPage.getByLabel('Tag', { exact: true }).selectOption('e2e');
  await expect(staffPage.getByTestId('library-card')).toHaveCount(1);

  // Staff attach it to a new event in the staff area.
  await staffPage.goto(`/admin/events?month=${month.key}`);
  await staffPage.getByRole('button', { name: 'New event' }).click();
  const form = staffPage.getByRole('dialog', { name: 'New event' });
  await form.getByLabel('Type').selectOption(String(CLUB_PRACTICES));
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Start date').fill(month.first);
  await form.getByLabel('Start time').fill('10:00');
  await form.getByLabel('End date').fill(month.first);
  await form.getByLabel('End time').fill('12:00');
  await form.getByLabel('Stage (briefing or homework)').selectOption({ label: stageName });
  const created = staffPage.waitForResponse((r) => r.url().includes('/api/admin/events') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Create' }).click();
  const createdResponse = await created;
  expect(createdResponse.status(), await createdResponse.text()).toBe(201);
  const [event] = (await createdResponse.json()) as Array<{ uuid: string; stageId: string | null }>;
  expect(event?.stageId).toMatch(/^[0-9a-f-]{36}$/);

  // The member registers (the calendar's call), opens the card and practises at home.
  const page = await englishPage(browser, member);
  const session = await signIn(page, member);
  const subscribed = await apiCall(
    page,
    'PUT',
    `/api/events/${event!.uuid}/subscribe/`,
    { uuid: session.uuid, roles: [{ roleId: ALUMNO, status: RESERVADO }] },
    session.token,
  );
  expect(subscribed.status(), await subscribed.text()).toBe(200);
  // "My registrations" carries the homework beside the registration.
  await page.goto('/my-registrations');
  const registration = page.getByTestId('upcoming').locator('li', { hasText: title });
  await expect(registration.getByTestId('homework')).toContainText('Practise before');
  await page.goto(`/calendar?month=${month.key}`);
  await page.getByRole('button', { name: new RegExp(title) }).click();
  const eventCard = page.getByRole('article', { name: title });
  const briefing = eventCard.getByTestId('event-briefing');
  await expect(briefing).toContainText(stageName);
  await expect(briefing).toContainText('6 rounds');
  await expect(briefing.getByTestId('homework')).toContainText('Practise before');
  await briefing.getByRole('link', { name: 'Practise it at home' }).click();

  await expect(page).toHaveURL(/\/dry-training\?library=/);
  await expect(page.getByText(`${stageName} · 1 element`)).toBeVisible();
  await expect(page.getByTestId('practice-notice')).toContainText(`Homework for ${title}: practise before`);
  await page.getByRole('button', { name: 'Drill', exact: true }).click();
  const drill = page.getByRole('dialog', { name: 'Drill player' });
  await drill.getByLabel('Repetitions', { exact: true }).fill('2');
  await drill.getByLabel('Repetition length (s)').fill('3');
  await drill.getByLabel('Start delay from (s)').fill('0');
  await drill.getByLabel('Start delay to (s)').fill('0');
  await drill.getByLabel('Rest between repetitions (s)').fill('1');
  await drill.getByRole('button', { name: 'Start the drill' }).click();

  const keep = page.getByRole('dialog', { name: 'Keep this session?' });
  await expect(keep).toBeVisible({ timeout: 30_000 });
  await keep.getByRole('group', { name: 'Repetition 1' }).getByRole('button', { name: 'Passed' }).click();
  await keep.getByRole('group', { name: 'Repetition 2' }).getByRole('button', { name: 'Failed' }).click();
  const kept = page.waitForResponse((r) => r.url().endsWith('/api/training/') && r.request().method() === 'POST');
  await keep.getByRole('button', { name: 'Keep', exact: true }).click();
  expect((await kept).status()).toBe(201);
  await expect(page.getByText('Session kept in your training log.')).toBeVisible();

  await page.goto('/training');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My training');
  await expect(page.getByTestId('streak')).toContainText('1');
  await expect(page.getByTestId('streak')).toContainText('day in a row');
  const sessionRow = page.getByTestId('training-session').filter({ hasText: stageName });
  await expect(sessionRow).toContainText('2 repetitions');
  await expect(sessionRow).toContainText('1 of 2 passed');

  // Staff see the member's kept session in the attendee list.
  await staffPage.goto(`/calendar?month=${month.key}`);
  await staffPage.getByRole('button', { name: new RegExp(title) }).click();
  await staffPage.getByRole('article', { name: title }).getByRole('button', { name: 'Attendee list' }).click();
  const row = staffPage.locator(`tr[data-person="${session.uuid}"]`);
  await expect(row.getByTestId('practice-count')).toHaveText('1');

  // The printable briefing draws the stage with its rounds and the event.
  await page.goto(`/stages/${event!.stageId}/briefing?event=${event!.uuid}`);
  await expect(page.getByTestId('briefing-rounds')).toHaveText('6');
  await expect(page.getByTestId('briefing')).toContainText(title);
});
