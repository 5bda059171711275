import { A11Y_VIEWPORTS, describeAxeOnEveryRoute } from '../support/a11y.js';

// Every route at 375 px (the other width runs as its own file, so the two walk the routes side by side).
describeAxeOnEveryRoute(A11Y_VIEWPORTS.phone);
