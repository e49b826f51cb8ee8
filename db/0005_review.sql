-- Deckhand schema 5: the supervisor review's date-range searches.
CREATE INDEX journal_time ON journal (ts_utc);
CREATE INDEX journal_dealer ON journal (dealer_credential, serial);
