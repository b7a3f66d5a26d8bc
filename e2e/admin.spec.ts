import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { clubMonthFromNow } from './support/months.ts';
import type { Page } from '@playwright/test';
import { createMember, mailsTo, setMemberFlags } from './support/fixtures.ts';
import type { TestMember } from './support/fixtures.ts';
import { createEvent } from './support/events.ts';
import { apiCall, signIn, signInByApi } from './support/session.ts';
import type { Session } from './support/session.ts';
import { photograph } from './support/photos.ts';

// Event types and role numbers of SPEC §3.
const CLUB_PRACTICES = 10;
const IPSC_SOCIAL_SHOOT = 3;
const ALUMNO = 2;
const COMPETIDOR = 3;
const RESERVADO = 1;

async function subscribe(
  page: Page,
  eventUuid: string,
  member: Session,
  roleId: number,
) {
  return apiCall(
    page,
    'PUT',
    `/api/events/${eventUuid}/subscribe/`,
    { uuid: member.uuid, roles: [{ roleId, status: RESERVADO }] },
    member.token,
  );
}

/**
 * A full club-practices event next month with one seat, taken by a member, as staff set it up
 * (staff signed in on the page): the waiting-list and walk-in tests start from it.
 */
async function fullEventWithOneSeatTaken(
  page: Page,
  options: { title: string; seated: TestMember; socio: string },
): Promise<{ staff: TestMember; uuid: string; month: ReturnType<typeof clubMonthFromNow> }> {
  await page.setViewportSize({ width: 1366, height: 800 });
  const staff = createMember({ staff: true, nombre: 'Rosa', apellidos: 'Puerta' });
  setMemberFlags(options.seated.login, { socio: options.socio });
  const staffToken = await signInByApi(page, staff);
  const month = clubMonthFromNow(1);
  const event = await createEvent(page, staffToken, {
    type: CLUB_PRACTICES,
    start: `${month.first} 10:00:00`,
    end: `${month.first} 12:00:00`,
    evento: options.title,
    plazas: 1,
  });
  expect((await subscribe(page, event.uuid, await signIn(page, options.seated), ALUMNO)).status()).toBe(200);
  return { staff, uuid: event.uuid, month };
}

test.describe('staff area', () => {
  test('staff creates an event on the screen, a member registers, staff confirms and exports the CSV', async ({
    page,
  }) => {
    const staff = createMember({ staff: true, nombre: 'Marta', apellidos: 'Staff' });
    // A name with a comma, quotes and accents: the CSV must keep it in one cell, intact.
    const member = createMember({ nombre: 'Núria', apellidos: 'Castañé "La Rápida"' });
    setMemberFlags(member.login, { socio: '4711' });
    const title = `Prácticas E2E ${randomBytes(3).toString('hex')}`;
    const month = clubMonthFromNow(1);

    await signInByApi(page, staff);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/events$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestión del club');
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
    await expect(page).toHaveURL(new RegExp(`month=${month.year}-${String(month.month).padStart(2, '0')}`));

    await page.getByRole('button', { name: 'Nuevo evento' }).click();
    const form = page.getByRole('dialog', { name: 'Nuevo evento' });
    await expect(form.getByLabel('Fecha de inicio')).toHaveValue(month.first);
    // First a faulty form: the messages say what is wrong, on the fields, and nothing is sent.
    await form.getByLabel('Hora de inicio').fill('12:00');
    await form.getByLabel('Hora de fin').fill('10:00');
    await form.getByLabel('Plazas').fill('-2');
    await form.getByRole('button', { name: 'Crear' }).click();
    await expect(form.getByText('El fin debe ser posterior al inicio.')).toBeVisible();
    await expect(form.getByText('Introduce un número entero de 0 a 1000.')).toBeVisible();
    await expect(form.getByLabel('Tipo')).toHaveAccessibleDescription('Este campo es obligatorio.');

    await form.getByLabel('Tipo').selectOption({ label: 'Prácticas del club' });
    await form.getByLabel('Título').fill(title);
    await form.getByLabel('Hora de inicio').fill('10:00');
    await form.getByLabel('Hora de fin').fill('12:30');
    await form.getByLabel('Plazas').fill('6');
    await form.getByLabel('Nota').fill('Traed gafas, orejeras y "buen humor"');
    const created = page.waitForResponse(
      (r) => r.url().includes('/api/admin/events') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Crear' }).click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(201);
    const [event] = (await createdResponse.json()) as Array<{ uuid: string; start: string; type: number }>;
    expect(event).toMatchObject({ start: `${month.first} 10:00:00`, type: CLUB_PRACTICES });
    await expect(form).toBeHidden();

    const card = page.getByTestId('admin-event').filter({ hasText: title });
    await expect(card).toContainText('Prácticas del club');
    await expect(card).toContainText('0 de 6 plazas ocupadas');

    // The member registers for it (the calendar's subscribe call, with the member's token).
    const memberSession = await signIn(page, member);
    const subscribed = await subscribe(page, event.uuid, memberSession, ALUMNO);
    expect(subscribed.status(), await subscribed.text()).toBe(200);

    await page.reload();
    await expect(card).toContainText('1 de 6 plazas ocupadas');
    await card.getByRole('button', { name: 'Asistentes (1)' }).click();
    const attendees = page.getByRole('dialog', { name: `Asistentes: ${title}` });
    const row = attendees.getByTestId('attendee-row');
    await expect(row).toHaveCount(1);
    const fullName = `Castañé "La Rápida", Núria`;
    await expect(row.getByRole('rowheader')).toHaveText(fullName);
    await expect(row).toContainText(member.email);
    await expect(row).toContainText('612345678');
    await expect(row).toContainText('4711');
    const status = row.getByLabel(`Estado de ${fullName}`);
    await expect(status).toHaveValue('1');

    const changed = page.waitForResponse(
      (r) => r.url().includes('/participants/') && r.request().method() === 'PUT',
    );
    await status.selectOption({ label: 'Confirmado' });
    expect((await changed).status()).toBe(200);
    await expect(status).toHaveValue('3');

    const downloading = page.waitForEvent('download');
    await attendees.getByRole('button', { name: 'Exportar CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^asistentes-${month.first}-1000-practicas-e2e-[0-9a-f]{6}\\.csv$`),
    );
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Nombre;Correo electrónico;Móvil;N.º socio;Licencia;Categoría;División;Factor;Estado',
    );
    expect(lines[1]).toBe(
      `"Castañé ""La Rápida"", Núria";${member.email};612345678;4711;;General;;;Confirmado`,
    );
    expect(lines[2]).toBe('');
    expect(lines).toHaveLength(3);

    // Seen from the member's side, the registration is now confirmed.
    const seen = await apiCall(page, 'GET', `/api/events/${event.uuid}/`, undefined, memberSession.token);
    const body = (await seen.json()) as { participantes: Array<{ roles: Array<{ status: number }> }> };
    expect(body.participantes[0].roles[0].status).toBe(3);

    // Locking: the card says so, and the member can no longer change the registration.
    await attendees.getByRole('button', { name: 'Cerrar' }).last().click();
    await card.getByRole('button', { name: 'Bloquear' }).click();
    await expect(card.getByText('Bloqueado')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Desbloquear' })).toHaveAttribute('aria-pressed', 'true');
    const locked = await apiCall(
      page,
      'PUT',
      `/api/events/${event.uuid}/subscribe/`,
      { uuid: memberSession.uuid, roles: [{ roleId: ALUMNO, status: 2 }] },
      memberSession.token,
    );
    expect(locked.status()).toBe(409);
    // Staff confirmed this registration above: it is theirs to change now, locked event or not.
    expect(((await locked.json()) as { errorCode: string }).errorCode).toBe('REGISTRATION_LOCKED');

    // Repeating it weekly: a copy a week later, for two weeks, unlocked.
    await card.getByRole('button', { name: 'Repetir semanal' }).click();
    const repeat = page.getByRole('dialog', { name: 'Repetir evento cada semana' });
    const day8 = `${month.first.slice(0, 8)}08`;
    await expect(repeat.getByLabel('Fecha de inicio')).toHaveValue(day8);
    await expect(repeat.getByLabel('Título')).toHaveValue(title);
    await expect(repeat.getByLabel('Bloqueado (solo lectura)')).not.toBeChecked();
    await repeat.getByLabel('Número de semanas').fill('2');
    const repeated = page.waitForResponse(
      (r) => r.url().includes('/api/admin/events') && r.request().method() === 'POST',
    );
    await repeat.getByRole('button', { name: 'Crear' }).click();
    const copies = (await (await repeated).json()) as Array<{ start: string; soloLectura: boolean }>;
    expect(copies.map((copy) => copy.start)).toEqual([
      `${day8} 10:00:00`,
      `${month.first.slice(0, 8)}15 10:00:00`,
    ]);
    expect(copies.every((copy) => !copy.soloLectura)).toBe(true);
    await expect(page.getByTestId('admin-event').filter({ hasText: title })).toHaveCount(3);
  });

  test('staff vouches for licence and course in the members screen, and the member can then join an IPSC social shoot', async ({
    page,
  }) => {
    const staff = createMember({ staff: true, nombre: 'Jordi', apellidos: 'Staff' });
    const member = createMember({ nombre: 'Pau', apellidos: `Tirador ${randomBytes(2).toString('hex')}` });
    const month = clubMonthFromNow(1);
    const staffToken = await signInByApi(page, staff);
    const title = `Tirada social E2E ${randomBytes(3).toString('hex')}`;
    const event = await createEvent(page, staffToken, {
      type: IPSC_SOCIAL_SHOOT,
      start: `${month.first} 09:00:00`,
      end: `${month.first} 14:00:00`,
      evento: title,
      plazas: 20,
    });

    const memberSession = await signIn(page, member);
    const refused = await subscribe(page, event.uuid, memberSession, COMPETIDOR);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { errorCode: string }).errorCode).toBe('NOT_ELIGIBLE');

    await page.goto('/admin/members');
    await page.getByLabel('Buscar socios').fill(member.login);
    const memberRow = page.getByTestId('member-row');
    await expect(memberRow).toHaveCount(1);
    await expect(memberRow).toContainText(member.email);
    await memberRow.getByRole('button', { name: `Editar a ${member.apellidos}, ${member.nombre}` }).click();
    const editor = page.getByRole('dialog', { name: `${member.apellidos}, ${member.nombre}` });
    await expect(editor.getByText('Sin inscripciones.')).toBeVisible();
    await editor.getByLabel('Número de socio').fill('S-815');
    await editor.getByLabel('Licencia de armas').fill('F-123456');
    await editor.getByLabel('Curso IPSC realizado').check();
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/admin/users/') && r.request().method() === 'PUT',
    );
    await editor.getByRole('button', { name: 'Guardar' }).click();
    const savedResponse = await saved;
    expect(savedResponse.status()).toBe(200);
    expect(savedResponse.request().postDataJSON()).toEqual({
      socio: 'S-815',
      licencia: 'F-123456',
      // The editor sends the licence's expiry as it shows it: none set for this member.
      licenciaCaduca: null,
      curso: true,
      habilitado: false,
      arbitroIpsc: false,
      arbitroPrecision: false,
      entrenadorNacional: false,
      instructorMisia: false,
      autorizacionClub: false,
      staff: false,
    });
    await expect(editor).toBeHidden();
    await expect(memberRow).toContainText('F-123456');
    await expect(memberRow).toContainText('Curso IPSC realizado');

    const accepted = await subscribe(page, event.uuid, memberSession, COMPETIDOR);
    expect(accepted.status(), await accepted.text()).toBe(200);

    // The member's registrations show in the editor.
    await memberRow.getByRole('button', { name: /^Editar a / }).click();
    const reopened = page.getByRole('dialog', { name: `${member.apellidos}, ${member.nombre}` });
    const registration = reopened.getByRole('listitem').filter({ hasText: title });
    await expect(registration).toContainText('Tirada social IPSC');
    await expect(registration).toContainText('Con plaza');
    await reopened.getByRole('button', { name: 'Cancelar' }).click();

    // Deleting an event with a registration asks twice and mails the member.
    await page
      .getByRole('navigation', { name: 'Área del personal' })
      .getByRole('link', { name: 'Eventos' })
      .click();
    await page.getByRole('button', { name: 'Mes siguiente' }).click();
    const card = page.getByTestId('admin-event').filter({ hasText: title });
    await card.getByRole('button', { name: 'Eliminar' }).click();
    const first = page.getByRole('dialog', { name: 'Eliminar evento' });
    await expect(first).toContainText('Hay 1 socio inscrito en este evento.');
    await first.getByRole('button', { name: 'Continuar' }).click();
    const second = page.getByRole('dialog', { name: 'Eliminar un evento con inscripciones' });
    await expect(second).toContainText('Se enviará un correo al socio inscrito');
    await second.getByRole('button', { name: 'Eliminar y avisar a los socios' }).click();
    await expect(card).toHaveCount(0);
    await expect
      .poll(async () =>
        (await mailsTo(member.email)).some(
          (mail) => mail.subject.includes(title) && /cancel/i.test(mail.subject),
        ),
      )
      .toBe(true);
  });

  test('a visitor\'s contact message reaches the staff inbox, shown as text, and staff mark it read and unread', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const subject = `Curso <b>${tag}</b>`;
    await page.goto('/#contact');
    const form = page.locator('form.contact-form');
    await form.getByLabel('Nombre').fill('Pau Vidal');
    await form.getByLabel('Correo electrónico').fill(`pau.${tag}@example.org`);
    await form.getByLabel('Asunto').fill(subject);
    await form.getByLabel('Mensaje').fill('Bon dia,\n<script>alert(1)</script> voldria informació.');
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Mensaje enviado' })).toBeVisible();

    const staff = createMember({ staff: true, nombre: 'Jordi', apellidos: `Inbox ${tag}` });
    await signInByApi(page, staff);
    await page.goto('/admin/messages');
    const item = page.getByTestId('admin-message').filter({ hasText: subject });
    await expect(item).toHaveCount(1);
    // Newest first: the message just sent heads the list.
    await expect(page.getByTestId('admin-message').first()).toContainText(subject);
    await expect(item.getByText('No leído', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: new RegExp(`Curso <b>${tag}</b>`) }).click();
    // Opening it marks it read; the visitor's text is text, never markup.
    await expect(item.getByText('No leído', { exact: true })).toHaveCount(0);
    await expect(item.getByRole('link', { name: `pau.${tag}@example.org` })).toHaveAttribute('href', /^mailto:/);
    await expect(item.locator('.admin-message-text')).toHaveText('Bon dia,\n<script>alert(1)</script> voldria informació.', { useInnerText: true });
    await expect(item.locator('b, script')).toHaveCount(0);
    await item.getByRole('button', { name: 'Marcar como no leído' }).click();
    await expect(item.getByText('No leído', { exact: true })).toBeVisible();
    // The server keeps the state: after a reload it is still unread.
    await page.reload();
    await expect(page.getByTestId('admin-message').filter({ hasText: subject }).getByText('No leído', { exact: true })).toBeVisible();
  });

  test('a staff member cannot remove their own staff flag', async ({ page }) => {
    const staff = createMember({
      staff: true,
      nombre: 'Elena',
      apellidos: `Self ${randomBytes(2).toString('hex')}`,
    });
    await signInByApi(page, staff);
    await page.goto('/admin/members');
    await page.getByLabel('Buscar socios').fill(staff.login);
    // The search is debounced: the list first shows everyone, then only the match.
    await expect(page.getByTestId('member-row')).toHaveCount(1);
    await page.getByRole('button', { name: `Editar a ${staff.apellidos}, ${staff.nombre}` }).click();
    const editor = page.getByRole('dialog');
    const flag = editor.getByLabel('Personal (gestiona el club)');
    await expect(flag).toBeChecked();
    await expect(flag).toBeDisabled();
    await expect(flag).toHaveAccessibleDescription(/No puedes quitarte tu propia marca de personal/);
  });

  test("on a phone the staff area's own tab is in its strip, whichever screen it opens on, and the page stays put", async ({ page }) => {
    const staff = createMember({ staff: true, nombre: 'Olga', apellidos: `Tabs ${randomBytes(2).toString('hex')}` });
    await signInByApi(page, staff);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['/admin/targets', 'Blancos'],
      ['/admin/content', 'Contenido de la web'],
      ['/admin/events', 'Eventos'],
    ] as const) {
      await page.goto(path);
      const strip = page.locator('.admin-nav .nav');
      const active = strip.locator('.nav-link.active');
      await expect(active).toHaveAccessibleName(new RegExp(`^${name}`));
      // Wholly inside the strip's visible width (the tabs scroll sideways at 390 px).
      await expect
        .poll(async () => {
          const [tab, box] = [await active.boundingBox(), await strip.boundingBox()];
          return tab && box ? tab.x >= box.x - 0.5 && tab.x + tab.width <= box.x + box.width + 0.5 : false;
        })
        .toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
  });

  test('a plain member visiting /admin is sent home, an anonymous visitor to login, and the calls refuse them', async ({
    page,
  }) => {
    const member = createMember();
    await page.goto('/admin/events');
    await expect(page).toHaveURL(/\/login$/);
    expect((await apiCall(page, 'GET', '/api/admin/users/?q=')).status()).toBe(401);

    const token = await signInByApi(page, member);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Gestión del club' })).toHaveCount(0);
    expect((await apiCall(page, 'GET', '/api/admin/users/?q=', undefined, token)).status()).toBe(403);
  });

  test('after saving, the list shows the event\'s month; past events look past, also to screen readers', async ({
    page,
  }) => {
    const staff = createMember({ staff: true, nombre: 'Laia', apellidos: 'Mes' });
    const tag = randomBytes(3).toString('hex');
    const staffToken = await signInByApi(page, staff);
    const past = clubMonthFromNow(-1);
    const later = clubMonthFromNow(2);
    const soon = clubMonthFromNow(1);
    for (const [evento, first] of [
      [`Pasado ${tag}`, past.first],
      [`Futuro ${tag}`, later.first],
    ]) {
      await createEvent(page, staffToken, { type: CLUB_PRACTICES, start: `${first} 10:00:00`, end: `${first} 12:00:00`, evento, plazas: 4 });
    }

    await page.goto(`/admin/events?month=${past.key}`);
    const old = page.getByTestId('admin-event').filter({ hasText: `Pasado ${tag}` });
    await expect(old).toHaveClass(/is-past/);
    await expect(old.getByText('Pasado', { exact: true })).toBeVisible();

    // A new event two months ahead: once created the list is on its month.
    await page.getByRole('button', { name: 'Nuevo evento' }).click();
    const form = page.getByRole('dialog', { name: 'Nuevo evento' });
    await form.getByLabel('Tipo').selectOption({ label: 'Prácticas del club' });
    await form.getByLabel('Título').fill(`Nuevo ${tag}`);
    await form.getByLabel('Fecha de inicio').fill(later.first);
    await form.getByLabel('Hora de inicio').fill('18:00');
    await form.getByLabel('Fecha de fin').fill(later.first);
    await form.getByLabel('Hora de fin').fill('20:00');
    await form.getByLabel('Plazas').fill('5');
    await form.getByRole('button', { name: 'Crear' }).click();
    await expect(form).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`month=${later.key}`));
    const created = page.getByTestId('admin-event').filter({ hasText: `Nuevo ${tag}` });
    await expect(created).toBeVisible();
    // Events still to come do not look past.
    await expect(page.getByTestId('admin-event').filter({ hasText: `Futuro ${tag}` })).not.toHaveClass(/is-past/);
    await expect(created.getByText('Pasado', { exact: true })).toHaveCount(0);

    // Moved to the month before: the list follows it there.
    await created.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar evento' });
    await edit.getByLabel('Fecha de inicio').fill(`${soon.key}-20`);
    await edit.getByLabel('Fecha de fin').fill(`${soon.key}-20`);
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(edit).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`month=${soon.key}`));
    await expect(page.getByTestId('admin-event').filter({ hasText: `Nuevo ${tag}` })).toBeVisible();
  });

  test('staff edit and delete a weekly series from one event on', async ({ page }) => {
    const staff = createMember({ staff: true, nombre: 'Pol', apellidos: 'Serie' });
    const tag = randomBytes(3).toString('hex');
    const staffToken = await signInByApi(page, staff);
    const month = clubMonthFromNow(1);
    await createEvent(page, staffToken, {
      type: CLUB_PRACTICES,
      start: `${month.first} 10:00:00`,
      end: `${month.first} 12:00:00`,
      evento: `Serie ${tag}`,
      plazas: 6,
      repeatWeeks: 3,
    });

    await page.goto(`/admin/events?month=${month.key}`);
    const cards = page.getByTestId('admin-event').filter({ hasText: tag });
    await expect(cards).toHaveCount(3);
    await expect(cards.first().getByText('Serie semanal')).toBeVisible();

    // The second and the third take the new title and time; the first keeps its own.
    await cards.nth(1).getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar evento' });
    const scope = edit.getByRole('group', { name: 'Aplicar los cambios a' });
    await expect(scope.getByLabel('Solo este evento')).toBeChecked();
    await scope.getByLabel('Este y los siguientes de la serie').check();
    await edit.getByLabel('Título').fill(`Serie tarde ${tag}`);
    await edit.getByLabel('Hora de inicio').fill('17:00');
    await edit.getByLabel('Hora de fin').fill('19:30');
    const saved = page.waitForResponse((r) => r.url().includes('/api/admin/events/') && r.request().method() === 'PUT');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    expect((await saved).url()).toContain('scope=following');
    await expect(edit).toBeHidden();
    await expect(cards.filter({ hasText: `Serie tarde ${tag}` })).toHaveCount(2);
    await expect(cards.filter({ hasText: `Serie tarde ${tag}` }).last()).toContainText('17:00–19:30');
    await expect(cards.first()).toContainText('10:00–12:00');
    await expect(cards.first()).not.toContainText('tarde');

    // Deleting "this and the following" from the second leaves only the first.
    await cards.nth(1).getByRole('button', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar evento' });
    await confirm.getByLabel('Este y los siguientes de la serie').check();
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    expect((await deleted).status()).toBe(204);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Serie ${tag}`);
  });

  test('staff seat a walk-in on a full event; the attendees fit the dialog at 1366 px and are cards on a phone', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const booked = createMember({ nombre: 'Berta', apellidos: `Reservada ${tag}` });
    const walkIn = createMember({ nombre: 'Quim', apellidos: `Sinreserva ${tag}` });
    setMemberFlags(walkIn.login, { socio: `W-${tag}` });
    const { month } = await fullEventWithOneSeatTaken(page, { title: `Llena ${tag}`, seated: booked, socio: `B-${tag}` });

    await page.goto(`/admin/events?month=${month.key}`);
    const card = page.getByTestId('admin-event').filter({ hasText: tag });
    await card.getByRole('button', { name: 'Asistentes (1)' }).click();
    const dialog = page.getByRole('dialog', { name: `Asistentes: Llena ${tag}` });
    await expect(dialog.getByTestId('attendee-row')).toHaveCount(1);
    await expect(dialog).toContainText('El evento está completo');
    await dialog.getByLabel('Buscar socio').fill(walkIn.login);
    const result = dialog.getByTestId('walk-in-result').filter({ hasText: `Sinreserva ${tag}` });
    await expect(result).toHaveCount(1);
    const added = page.waitForResponse((r) => r.url().includes('/participants/') && r.request().method() === 'POST');
    await result.getByRole('button', { name: `Añadir a Quim Sinreserva ${tag}` }).click();
    expect((await added).status()).toBe(201);
    await expect(dialog.getByTestId('attendee-row')).toHaveCount(2);
    await expect(dialog).toContainText('2 inscritos · 0 plazas libres');
    await expect
      .poll(async () => (await mailsTo(walkIn.email)).some((mail) => mail.subject.includes(`Llena ${tag}`)))
      .toBe(true);
    // Already seated: searching again offers no second seat.
    await dialog.getByLabel('Buscar socio').fill(walkIn.login);
    await expect(result).toContainText('Ya inscrito');
    await expect(result.getByRole('button')).toHaveCount(0);

    // Every column fits: nothing in the dialog scrolls sideways at 1366 px.
    const widths = await dialog.locator('.modal-body').evaluate((body) => ({
      body: body.clientWidth,
      scroll: body.scrollWidth,
      table: body.querySelector('table')?.getBoundingClientRect().width ?? 0,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.body);
    expect(widths.table).toBeLessThanOrEqual(widths.body);

    // On a phone each attendee is a card with member number, division/factor, status and actions.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = dialog.getByTestId('attendee-card');
    await expect(cards).toHaveCount(2);
    await expect(dialog.getByTestId('attendee-row').first()).toBeHidden();
    const quim = cards.filter({ hasText: `Sinreserva ${tag}` });
    await expect(quim).toContainText(`W-${tag}`);
    await expect(quim).toContainText('División / factor');
    await expect(quim.getByLabel(`Estado de Sinreserva ${tag}, Quim`)).toHaveValue('1');
    await expect(quim.getByRole('link', { name: 'Correo electrónico' })).toHaveAttribute('href', `mailto:${walkIn.email}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('staff see the waiting list in order, are warned before a walk-in passes it, and seat the next in line', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const booked = createMember({ nombre: 'Berta', apellidos: `Sentada ${tag}` });
    const first = createMember({ nombre: 'Carla', apellidos: `Primera ${tag}` });
    const second = createMember({ nombre: 'Dani', apellidos: `Segundo ${tag}` });
    const walkIn = createMember({ nombre: 'Quim', apellidos: `Sinreserva ${tag}` });
    // Club practices need a member number.
    for (const [index, member] of [first, second].entries()) {
      setMemberFlags(member.login, { socio: `Q${index + 1}-${tag}` });
    }
    const { uuid, month } = await fullEventWithOneSeatTaken(page, { title: `Cola ${tag}`, seated: booked, socio: `Q0-${tag}` });
    for (const member of [first, second]) {
      const session = await signIn(page, member);
      const joined = await apiCall(page, 'PUT', `/api/events/${uuid}/waitlist/`, { uuid: session.uuid }, session.token);
      expect(joined.status()).toBe(200);
    }

    await page.goto(`/admin/events?month=${month.key}`);
    await page.getByTestId('admin-event').filter({ hasText: tag }).getByRole('button', { name: 'Asistentes (1)' }).click();
    const dialog = page.getByRole('dialog', { name: `Asistentes: Cola ${tag}` });
    const line = dialog.getByTestId('staff-waitlist');
    await expect(line).toContainText('Lista de espera: 2 personas');
    await expect(line.getByTestId('staff-waitlist-item')).toHaveText([
      new RegExp(`Primera ${tag}, Carla`),
      new RegExp(`Segundo ${tag}, Dani`),
    ]);

    // A walk-in would pass both: staff are told before anything changes, and choose.
    await dialog.getByLabel('Buscar socio').fill(walkIn.login);
    const result = dialog.getByTestId('walk-in-result').filter({ hasText: `Sinreserva ${tag}` });
    await result.getByRole('button', { name: `Añadir a Quim Sinreserva ${tag}` }).click();
    const ahead = dialog.getByTestId('walk-in-ahead');
    await expect(ahead).toContainText(`2 personas esperan una plaza; Primera ${tag}, Carla es la siguiente`);
    await expect(dialog.getByTestId('attendee-row')).toHaveCount(1);
    await photograph(page, test.info().outputPath('waitlist-desktop.png'));
    const seated = page.waitForResponse((r) => r.url().includes('/waitlist/') && r.request().method() === 'POST');
    await ahead.getByRole('button', { name: `Dar plaza a Primera ${tag}, Carla` }).click();
    expect((await seated).status()).toBe(200);
    await expect(dialog.getByTestId('attendee-row')).toHaveCount(2);
    await expect(line.getByTestId('staff-waitlist-item')).toHaveText([new RegExp(`Segundo ${tag}, Dani`)]);
    await expect(ahead).toHaveCount(0);
    await expect
      .poll(async () => (await mailsTo(first.email)).some((mail) => mail.subject.includes(`Cola ${tag}`)))
      .toBe(true);

    // On a phone the line reads the same, and nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(line.getByTestId('staff-waitlist-item')).toHaveCount(1);
    await line.scrollIntoViewIfNeeded();
    await photograph(page, test.info().outputPath('waitlist-phone.png'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('staff archive a contact message and bring it back', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const subject = `Archivo ${tag}`;
    const sent = await apiCall(page, 'POST', '/api/send-message/', {
      name: 'Eva Soler',
      email: `eva.${tag}@example.org`,
      subject,
      message: 'Hola',
    });
    expect(sent.ok()).toBe(true);
    // A second message stays in the inbox: once it shows, the list has loaded (the test makes
    // its own, rather than count on messages of other tests).
    const kept = await apiCall(page, 'POST', '/api/send-message/', {
      name: 'Eva Soler',
      email: `eva.${tag}@example.org`,
      subject: `Queda ${tag}`,
      message: 'Hola de nuevo',
    });
    expect(kept.ok()).toBe(true);
    const staff = createMember({ staff: true, nombre: 'Marc', apellidos: `Archivo ${tag}` });
    await signInByApi(page, staff);
    await page.goto('/admin/messages');
    const item = page.getByTestId('admin-message').filter({ hasText: subject });
    await item.getByRole('button', { name: new RegExp(subject) }).click();
    await item.getByRole('button', { name: 'Archivar' }).click();
    await expect(item).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('admin-message').filter({ hasText: `Queda ${tag}` })).toBeVisible();
    await expect(item).toHaveCount(0);

    await page.getByLabel('Ver archivados').check();
    await expect(page.getByRole('heading', { name: 'Archivados' })).toBeVisible();
    await item.getByRole('button', { name: new RegExp(subject) }).click();
    await item.getByRole('button', { name: 'Devolver a la bandeja' }).click();
    await expect(item).toHaveCount(0);
    await page.getByLabel('Ver archivados').uncheck();
    await expect(item).toHaveCount(1);
  });
});
