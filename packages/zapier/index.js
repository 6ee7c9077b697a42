// Zapier loads the integration from the package's main file: the app built from src/.
export { default } from './dist/index.js';
