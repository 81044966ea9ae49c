import { expect, signIn, test, USERS } from './fixtures.ts';

const BAD = 'The email or password is incorrect.';
const TOO_MANY = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';

test.describe('sign-in errors', () => {
  test('a wrong password shows a clear message and keeps the reader on the sign-in page', async ({ page, problems }) => {
    await signIn(page, USERS.admin, { password: 'not-the-password' });
    await expect(page.getByRole('alert')).toContainText(BAD);
    await expect(page).toHaveURL(/\/dashboard\/login/);
    await expect(page.getByLabel('Email')).toHaveValue(USERS.admin);
    expect(problems).toEqual([]);
  });

  test('repeated failures are rate-limited with a message on the page', async ({ page }) => {
    // A user no other test signs in as, so the block does not leak into other tests.
    const email = 'nobody-rate-limit@demo.test';
    // LOGIN_MAX_FAILURES = 5: five failures get the wrong-credentials message, the sixth attempt is refused.
    for (let i = 0; i < 5; i++) {
      await signIn(page, email, { password: `wrong-${i}` });
      await expect(page.getByRole('alert')).toContainText(BAD);
    }
    await signIn(page, email, { password: 'wrong-again' });
    await expect(page.getByRole('alert')).toContainText(TOO_MANY);
  });
});
