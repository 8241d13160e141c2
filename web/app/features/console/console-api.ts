/**
 * Everything the console reads and writes, through supabase-js only (the same calls work against a
 * hosted Supabase project). Row-level security decides: these calls answer nothing but errors for
 * anyone who is not the owner (supabase/migrations/20261123100000_owner_role.sql). One module per
 * section in ./console-api/; the panels import them from here.
 */

export { BOOKING_STATUSES, NEEDS_REASON, NEXT_STATUSES, type BookingStatus } from './booking-status.ts';
export { allRows, type Page } from './console-api/client.ts';
export { backupStatus, isOwner, overview, type BackupStatus, type Waiting } from './console-api/overview.ts';
export {
  bookingHistory,
  bookingDietary,
  getBooking,
  LARGE_PARTY,
  listBookings,
  MONEY_STATES,
  updateBooking,
  type Booking,
  type BookingQuery,
  type BookingRow,
  type MoneyState,
  type StatusChange,
} from './console-api/bookings.ts';
export {
  approveRecipes,
  getRecipe,
  listRecipes,
  ownPhotoUrl,
  PHOTO_BUCKET,
  photoObjectName,
  withdrawRecipes,
  type CommunityRecipe,
} from './console-api/moderation.ts';
export {
  getMessage,
  listMessages,
  updateMessage,
  type ContactMessageRow,
  type MessageView,
} from './console-api/messages.ts';
export { listSubscribers, removeSubscriber, type Subscriber } from './console-api/subscribers.ts';
export {
  addQuoteLine,
  createQuote,
  deleteQuote,
  deleteQuoteLine,
  listQuotes,
  quoteEvents,
  quoteLines,
  quoteLink,
  resendQuote,
  reviseQuote,
  saveQuote,
  sendQuote,
  sendSettings,
  withdrawQuote,
  type LineUnit,
  type MenuCourse,
  type Quote,
  type QuoteDraft,
  type QuoteEvent,
  type QuoteEventKind,
  type QuoteLine,
  type QuoteStatus,
  type SendSettings,
} from './console-api/quotes.ts';
export {
  bookingBalance,
  deletePayment,
  listPayments,
  moneyOverview,
  recordPayment,
  type BookingBalance,
  type MoneyClient,
  type MoneyOverviewData,
  type Payment,
  type PaymentKind,
  type PaymentMethod,
} from './console-api/payments.ts';
export {
  addBlock,
  bookingsBetween,
  calendarSettings,
  confirmOverCalendar,
  dayUnavailable,
  dueDatesBetween,
  listBlocks,
  newFeedSecret,
  removeBlock,
  saveCalendarSettings,
  unavailableDays,
  type BlockedDates,
  type CalendarBooking,
  type CalendarSettings,
  type DayUnavailable,
  type DueDate,
} from './console-api/calendar.ts';
