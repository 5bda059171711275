export const render = () => 'x';
