/** The mobile menu panel's id (the hamburger's aria-controls); kept apart so the header need not load the panel. */
export const MOBILE_MENU_ID = 'mobilmeny';
