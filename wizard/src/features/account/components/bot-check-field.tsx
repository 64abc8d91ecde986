// The bot check moved to components/ (issue 27: the hosted entry form uses it too).
export { BotCheckField, useBotCheck } from '../../../components/bot-check-field'
