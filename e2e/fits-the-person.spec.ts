import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { clubMonthFromNow } from './support/months.ts';
import { axeViolations } from './support/axe.ts';
import { createMember, setMemberFlags } from './support/fixtures.ts';
import { createEvent } from './support/events.ts';
import { apiCall, signIn, signInByApi } from './support/session.ts';
import { photograph } from './support/photos.ts';

// Event types and numbers of SPEC §3.
const IPSC_SOCIAL_SHOOT = 3;
const RESERVED = 9;
const CLUB_PRACTICES = 10;
const ALUMNO = 2;
const RESERVADO = 1;
const MUJER = 2;

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
] as const;

async function staffEvent(
  page: Page,
  token: string,
  fields: { type: number; evento: string; day: string; plazas: number },
): Promise<string> {
  const event = await createEvent(page, token, {
    type: fields.type,
    start: `${fields.day} 10:00:00`,
    end: `${fields.day} 12:00:00`,
    evento: fields.evento,
    plazas: fields.plazas,
  });
  return event.uuid;
}

async function useLanguage(page: Page, language: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('ipsc-club.lang', value), language);
  await page.context().addCookies([{ name: 'ipsc-club.lang', value: language, url: page.url() }]);
}

async function openCard(page: Page, month: string, uuid: string, title: string) {
  await page.goto(`/calendar?month=${month}&event=${uuid}`);
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  return card;
}

test.describe('a new member is told what to do next', () => {
  test('the card shows the claimed number waiting for staff, how to bring the licence and what can be done now', async ({
    page,
  }) => {
    test.setTimeout(480_000);
    const tag = randomBytes(3).toString('hex');
    const month = clubMonthFromNow(1);
    const staff = createMember({ staff: true, nombre: 'Rosa', apellidos: 'Puerta' });
    const member = createMember({ nombre: 'Nuria', apellidos: `Nueva ${tag}`, sexo: MUJER });
    setMemberFlags(member.login, { socioSolicitado: `N-${tag}` });
    const staffToken = await signInByApi(page, staff);
    const practice = await staffEvent(page, staffToken, {
      type: CLUB_PRACTICES,
      evento: `Prácticas ${tag}`,
      day: month.first,
      plazas: 6,
    });
    const shoot = await staffEvent(page, staffToken, {
      type: IPSC_SOCIAL_SHOOT,
      evento: `Tirada ${tag}`,
      day: month.first,
      plazas: 6,
    });
    await signInByApi(page, member);

    // Spanish, the club's language: every step said, on a phone and a desktop.
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const card = await openCard(page, month.key, practice, `Prácticas ${tag}`);
      const steps = card.getByTestId('next-steps');
      await expect(steps.getByTestId('claim-pending')).toContainText(
        `pediste el número N-${tag} al darte de alta`,
      );
      await expect(steps.getByTestId('claim-pending')).toContainText('te escribirá en cuanto lo confirme');
      // The number is claimed: nothing to ask the club, only to wait.
      await expect(steps.locator('[data-requirement="member"]').getByRole('link')).toHaveCount(0);
      await expect(steps.getByTestId('can-do-now')).toContainText('piden el número de socio');
      await expect(steps.getByRole('link', { name: 'Biblioteca de ejercicios' })).toHaveAttribute(
        'href',
        '/stages',
      );
      await expect(steps.getByRole('link', { name: 'Entrenamiento en seco' })).toHaveAttribute(
        'href',
        '/dry-training',
      );
      await card.scrollIntoViewIfNeeded();
      await photograph(page, test.info().outputPath(`next-steps-${viewport.name}-es.png`));
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      const shootCard = await openCard(page, month.key, shoot, `Tirada ${tag}`);
      const licence = shootCard.getByTestId('next-steps').locator('[data-requirement="licence"]');
      await expect(licence).toContainText('tráela al club');
      await expect(licence.getByRole('link', { name: 'Escribir al club' })).toHaveAttribute(
        'href',
        '/#contact',
      );
      await expect(shootCard.getByTestId('next-steps').locator('[data-requirement="course"]')).toContainText(
        'el club lo anota cuando terminas el curso IPSC',
      );
    }

    // Catalan and English say the same.
    await page.setViewportSize(VIEWPORTS[0]);
    for (const [language, claimed, now] of [
      ['ca', `vas demanar el número N-${tag}`, 'El que ja pots fer:'],
      ['en', `you asked for number N-${tag}`, 'What you can do already:'],
    ] as const) {
      await useLanguage(page, language);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        const card = await openCard(page, month.key, practice, `Prácticas ${tag}`);
        await expect(card.getByTestId('claim-pending')).toContainText(claimed);
        await expect(card.getByTestId('next-steps')).toContainText(now);
        await card.scrollIntoViewIfNeeded();
        await photograph(page, test.info().outputPath(`next-steps-${viewport.name}-${language}.png`));
        expect(await axeViolations(page)).toEqual([]);
      }
    }

    // Staff confirm the number: the social shoot still needs a licence and a course, and the card
    // now names what the member can already book.
    setMemberFlags(member.login, { socio: `N-${tag}`, socioSolicitado: null });
    await useLanguage(page, 'es');
    await page.setViewportSize(VIEWPORTS[1]);
    await page.reload();
    const shootCard = await openCard(page, month.key, shoot, `Tirada ${tag}`);
    await expect(shootCard.getByTestId('claim-pending')).toHaveCount(0);
    await expect(shootCard.getByTestId('can-do-now')).toContainText('Inscribirte en: ');
    await expect(shootCard.getByTestId('can-do-now')).toContainText('Prácticas del club');
  });
});

test.describe('language that fits the person', () => {
  test('a woman is "la 1.ª" of the waiting list in the card and in My registrations, in Spanish and Catalan', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const month = clubMonthFromNow(1);
    const staff = createMember({ staff: true, nombre: 'Rosa', apellidos: 'Puerta' });
    const seated = createMember({ nombre: 'Berta', apellidos: `Sentada ${tag}` });
    const woman = createMember({ nombre: 'Carla', apellidos: `Espera ${tag}`, sexo: MUJER });
    for (const m of [seated, woman]) setMemberFlags(m.login, { socio: `${m.nombre}-${tag}` });
    const staffToken = await signInByApi(page, staff);
    const title = `Llena ${tag}`;
    const uuid = await staffEvent(page, staffToken, {
      type: CLUB_PRACTICES,
      evento: title,
      day: month.first,
      plazas: 1,
    });
    const first = await signIn(page, seated);
    const seat = await apiCall(
      page,
      'PUT',
      `/api/events/${uuid}/subscribe/`,
      { uuid: first.uuid, roles: [{ roleId: ALUMNO, status: RESERVADO }] },
      first.token,
    );
    expect(seat.status()).toBe(200);
    const waiting = await signIn(page, woman);
    expect(
      (
        await apiCall(page, 'PUT', `/api/events/${uuid}/waitlist/`, { uuid: waiting.uuid }, waiting.token)
      ).status(),
    ).toBe(200);

    await signInByApi(page, woman);
    const card = await openCard(page, month.key, uuid, title);
    await expect(card.getByTestId('waitlist-place')).toHaveText('Eres la 1.ª de la lista de espera');
    await page.goto('/my-registrations');
    const item = page.getByTestId('upcoming').locator('li', { hasText: title });
    await expect(item.getByTestId('my-status')).toHaveText('Eres la 1.ª de la lista de espera');
    await useLanguage(page, 'ca');
    await page.reload();
    await expect(item.getByTestId('my-status')).toHaveText("Ets la 1a de la llista d'espera");
  });

  test('one word and one colour for a seat held, in the calendar and in My registrations; no seats line on a reserved slot', async ({
    page,
  }) => {
    const tag = randomBytes(3).toString('hex');
    const month = clubMonthFromNow(1);
    const staff = createMember({ staff: true, nombre: 'Rosa', apellidos: 'Puerta' });
    const member = createMember({ nombre: 'Dani', apellidos: `Plaza ${tag}` });
    setMemberFlags(member.login, { socio: `D-${tag}` });
    const staffToken = await signInByApi(page, staff);
    const title = `Con sitio ${tag}`;
    const uuid = await staffEvent(page, staffToken, {
      type: CLUB_PRACTICES,
      evento: title,
      day: month.first,
      plazas: 5,
    });
    const reserved = await staffEvent(page, staffToken, {
      type: RESERVED,
      evento: `Galería ${tag}`,
      day: month.last,
      plazas: 0,
    });
    const session = await signIn(page, member);
    const booked = await apiCall(
      page,
      'PUT',
      `/api/events/${uuid}/subscribe/`,
      { uuid: session.uuid, roles: [{ roleId: ALUMNO, status: RESERVADO }] },
      session.token,
    );
    expect(booked.status()).toBe(200);

    await signInByApi(page, member);
    const card = await openCard(page, month.key, uuid, title);
    const badge = card.locator('[data-badge]');
    await expect(badge).toHaveText('Con plaza');
    const calendarColour = await badge.evaluate((node) => getComputedStyle(node).backgroundColor);
    await expect(card.locator('.cal-own-status')).toHaveText('Tu inscripción: Con plaza');

    const slot = await openCard(page, month.key, reserved, `Galería ${tag}`);
    await expect(slot).toContainText('Este evento no admite inscripciones.');
    await expect(slot.getByTestId('seats')).toHaveCount(0);
    await expect(slot).not.toContainText('Ninguna plaza libre de 0');

    await page.goto('/my-registrations');
    const status = page.getByTestId('upcoming').locator('li', { hasText: title }).getByTestId('my-status');
    await expect(status).toHaveText('Con plaza');
    expect(await status.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe(calendarColour);
  });

  test('the drill player is "Rutina", so "Ejercicio" names only the stage', async ({ page }) => {
    const member = createMember({ nombre: 'Eva', sexo: MUJER });
    await signInByApi(page, member);
    const list = await apiCall(page, 'GET', '/api/library/stages/');
    const [stage] = (await list.json()) as Array<{ id: string }>;
    await page.goto(`/dry-training?library=${stage!.id}`);
    await expect(page.getByRole('button', { name: 'Rutina', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ejercicio', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Rutina', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Rutinas de tiro' })).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Empezar la rutina' })).toBeVisible();
  });
});
