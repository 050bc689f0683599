use crate::rules::PERIOD_MONTHS;
use chrono::{DateTime, Months, Utc};
use kernel::UserId;
use serde::{Deserialize, Serialize};

/// What the subscription looks like now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SubscriptionStatus {
    pub expires_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
}

impl SubscriptionStatus {
    pub fn none() -> Self {
        Self {
            expires_at: None,
            cancelled_at: None,
        }
    }

    pub fn is_active(&self, now: DateTime<Utc>) -> bool {
        self.expires_at.is_some_and(|e| e > now)
    }
}

/// The new expiry after one paid period: a year after the later of now and the current
/// expiry, so paying early never loses days. Calendar months, so 29 February + 1 year is
/// 28 February.
pub fn extend(current: Option<DateTime<Utc>>, now: DateTime<Utc>) -> DateTime<Utc> {
    let start = current.filter(|e| *e > now).unwrap_or(now);
    start
        .checked_add_months(Months::new(PERIOD_MONTHS))
        .unwrap_or(start)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentMethod {
    Paypal,
    CreditCard,
}

impl PaymentMethod {
    pub fn parse(v: &str) -> Option<Self> {
        match v {
            "paypal" => Some(Self::Paypal),
            "credit_card" => Some(Self::CreditCard),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Paypal => "paypal",
            Self::CreditCard => "credit_card",
        }
    }
}

/// The provider's view of an order after capture (or a read of an already captured one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedOrder {
    pub order_id: String,
    /// COMPLETED, PENDING, DECLINED, ... as the provider says.
    pub status: String,
    /// Amount and currency actually captured, e.g. "5.00" and "USD".
    pub amount: Option<String>,
    pub currency: Option<String>,
    /// Whose order this is (the id the server put on the order when creating it).
    pub custom_id: Option<String>,
    pub capture_id: Option<String>,
}

/// What gets recorded about a payment that activated a subscription.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPayment {
    pub user_id: UserId,
    pub order_id: String,
    pub capture_id: Option<String>,
    pub method: PaymentMethod,
    pub amount: String,
    pub currency: String,
    /// What the client claimed (amount and details), kept for support, never trusted.
    pub client_claim: String,
    pub created_at: DateTime<Utc>,
}

/// An activation written down before the provider is asked to capture the order, so money
/// taken while the database fails (or the process dies) is recorded later, never lost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingCapture {
    pub user_id: UserId,
    pub order_id: String,
    pub method: PaymentMethod,
    /// What the client claimed, as [`NewPayment::client_claim`].
    pub client_claim: String,
    pub created_at: DateTime<Utc>,
}

/// What one reconciliation run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reconciled {
    /// Captured payments now recorded (or found already recorded).
    pub recorded: usize,
    /// Orders the provider refused or that were not as agreed: nothing to record.
    pub dropped: usize,
    /// Left for the next run (provider or database unavailable).
    pub waiting: usize,
}

/// A recorded payment, as the user's data export shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentRecord {
    pub order_id: String,
    pub method: String,
    pub amount: String,
    pub currency: String,
    /// The end of the paid period this payment bought.
    pub period_end: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

/// Outcome of recording a payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recorded {
    /// New payment: the subscription now runs until this time.
    Extended(DateTime<Utc>),
    /// This order had already activated this user's subscription; nothing changed.
    AlreadyApplied,
    /// This order belongs to another user's payment.
    OtherUser,
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t(y: i32, m: u32, d: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, 12, 0, 0)
            .single()
            .expect("time")
    }

    #[test]
    fn a_year_from_now_when_inactive_or_new() {
        let now = t(2026, 11, 22);
        assert_eq!(extend(None, now), t(2027, 11, 22));
        assert_eq!(extend(Some(t(2025, 1, 1)), now), t(2027, 11, 22));
    }

    #[test]
    fn a_year_after_the_current_expiry_when_active() {
        let now = t(2026, 11, 22);
        assert_eq!(extend(Some(t(2027, 3, 1)), now), t(2028, 3, 1));
    }

    #[test]
    fn leap_day_rolls_to_end_of_february() {
        assert_eq!(extend(None, t(2028, 2, 29)), t(2029, 2, 28));
    }

    #[test]
    fn active_only_before_expiry() {
        let s = SubscriptionStatus {
            expires_at: Some(t(2027, 1, 1)),
            cancelled_at: None,
        };
        assert!(s.is_active(t(2026, 12, 31)));
        assert!(!s.is_active(t(2027, 1, 1)));
        assert!(!SubscriptionStatus::none().is_active(t(2026, 1, 1)));
    }
}
