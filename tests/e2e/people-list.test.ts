import { describe, expect } from 'vitest';
import { openPage, openServerDatabase, test, url } from './fixtures.ts';

/** Adds members the way sign-up stores them (the server notices them within seconds). */
function addMembers(members: { username: string; bio: string }[]) {
  const db = openServerDatabase();
  const at = new Date().toISOString();
  for (const { username, bio } of members) {
    const id = crypto.randomUUID();
    db.prepare('insert into users (id, email, password_hash, created_at, updated_at) values (?, ?, ?, ?, ?)').run(
      id,
      `${id}@example.test`,
      'x',
      at,
      at,
    );
    db.prepare(
      'insert into profiles (id, username, username_key, bio, show_email, created_at, updated_at) values (?, ?, ?, ?, 0, ?, ?)',
    ).run(id, username, username.toLowerCase(), bio, at, at);
    db.prepare("insert into profile_changes (profile_id, kind, created_at) values (?, 'INSERT', ?)").run(id, at);
  }
  db.close();
}

describe('community list', () => {
  test('renders stored markup as text: no dialog, no script, no error', async ({ browser }) => {
    const { page, errors, close } = await openPage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const bio = '<img src=x onerror="alert(1)"> <script>alert(2)</script> <b>bold?</b>';
    addMembers([{ username: '<svg onload=alert(3)>', bio }]);
    await page.goto(url('/people'));
    await page.getByText(bio).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: '<svg onload=alert(3)>' }).waitFor();
    expect(await page.locator('main img[src="x"], main script, main b').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  test('shows members a page at a time, with a button for more', async ({ browser }) => {
    addMembers(Array.from({ length: 30 }, (_, i) => ({ username: `bulk_${i}`, bio: `Bulk member ${i}` })));
    const { page, close } = await openPage(browser);
    await page.goto(url('/people'));
    const more = page.getByRole('button', { name: /^Show more members \(\d+ more\)$/ });
    await more.waitFor({ timeout: 15_000 });
    const total = Number((await page.getByText(/^Total Members: \d+$/).textContent())?.match(/\d+/)?.[0]);
    expect(await page.locator('main ul > li').count()).toBe(24);
    await more.click();
    expect(await page.locator('main ul > li').count()).toBe(Math.min(48, total));
    await close();
  });
});
