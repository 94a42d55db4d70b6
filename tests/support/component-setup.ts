import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import './fail-on-console-error.ts';

// Tells React it runs under a test, so updates outside act() are warned about (and then fail).
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
afterEach(cleanup);
