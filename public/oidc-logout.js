// Completes sign-out on the provider's confirm page without a second click (no inline script: CSP).
const button = document.querySelector('button[name="logout"][value="yes"]');
if (button) button.click();
