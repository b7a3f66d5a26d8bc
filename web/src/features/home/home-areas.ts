/** The translation areas the home page reads; the router starts loading them with its code. */
export const HOME_AREAS = ['home/hero', 'home/about', 'home/team', 'home/trainings', 'home/fees', 'home/contact', 'content'] as const;
