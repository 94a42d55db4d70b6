import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('people', 'routes/people.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('projects', 'routes/projects.tsx'),
  route('projects/:slug', 'routes/tutorial.tsx'),
  route('dashboard', 'routes/dashboard.tsx'),
  route('admin', 'routes/admin.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('classes', 'routes/classes.tsx'),
  route('classes/:id', 'routes/class.tsx'),
  route('classes/:id/community', 'routes/class-community.tsx'),
  route('c/:code', 'routes/class-sign-in.tsx'),
  route('playground', 'routes/playground.tsx'),
  route('playground/:id', 'routes/playground-sketch.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
