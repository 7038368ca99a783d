// Its own module, so that its chunk is named after the language.
export { messages } from "../../locales/en/messages.po";
