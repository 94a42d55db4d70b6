import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('people', 'routes/people.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
