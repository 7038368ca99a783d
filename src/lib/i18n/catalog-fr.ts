// Its own module, so that its chunk is named after the language (the size budget counts catalog-fr on /login).
export { messages } from "../../locales/fr/messages.po";
