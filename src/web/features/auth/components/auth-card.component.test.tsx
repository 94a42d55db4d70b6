import { fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, test } from 'vitest';
import { AuthCard } from './auth-card.tsx';

function renderAuthCard() {
  const Stub = createRoutesStub([{ path: '/auth', Component: () => <AuthCard destination="/dashboard" /> }]);
  render(<Stub initialEntries={['/auth']} />);
}

describe('the sign-in card', () => {
  // Moved from tests/e2e/accounts.test.ts: the rules are the form's own, no server is asked.
  test('shows the validation rules at the fields before calling the server', async () => {
    renderAuthCard();
    // Radix tabs switch on pointer down, as a finger or a mouse would.
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Sign Up' }), { button: 0, ctrlKey: false });
    const email = await screen.findByLabelText('Email');
    fireEvent.input(email, { target: { value: 'not-an-email' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByText('Please enter a valid email address');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    // The hint and the error say the same: said once, as the error the field is described by.
    const [short, ...again] = screen.getAllByText('Password must be at least 6 characters');
    expect(again).toEqual([]);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe(short?.id);
    expect(short?.className).toContain('text-red-700');
  });

  test('shows the password rule once, as a hint, before anything is typed', async () => {
    renderAuthCard();
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Sign Up' }), { button: 0, ctrlKey: false });
    const hint = await screen.findByText('Password must be at least 6 characters');
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe(hint.id);
    expect(hint.className).toContain('text-muted');
  });
});
