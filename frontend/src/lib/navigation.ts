/** Full page navigation (leaves the single-page app). Its own module so tests can replace it. */
export function fullPageNavigate(url: string): void {
  window.location.assign(url);
}

/**
 * Submits a form of the page natively (a real post and navigation; React's submit handler
 * does not run again), e.g. login and register after their JSON call succeeded, so that
 * the browser's password manager sees the credentials.
 */
export function submitForm(form: HTMLFormElement): void {
  form.submit();
}

/**
 * Submits a native HTML form (a real navigation, not fetch), e.g. the logout POST.
 * Throws when the document cannot take the form.
 */
export function submitNativeForm(action: string, fields: Record<string, string>, method = 'post'): void {
  const form = document.createElement('form');
  form.method = method;
  form.action = action;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
