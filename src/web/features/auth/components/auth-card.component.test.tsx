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
    expect(screen.getAllByText('Password must be at least 6 characters').length).toBeGreaterThanOrEqual(2);
  });
});
