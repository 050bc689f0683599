//! A PayPal-shaped HTTP server on loopback (OAuth2 token, Orders v2 create, capture, get),
//! whose answer for each order a test chooses.

use std::collections::HashMap;
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use serde_json::{Value, json};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scenario {
    Completed,
    Pending,
    Declined,
    WrongAmount,
    WrongCurrency,
    /// The capture answers 500 this many times, then completes.
    FailThenComplete(u32),
    /// The capture always answers 503.
    Down,
    /// Already captured: 422 ORDER_ALREADY_CAPTURED, then the order reads COMPLETED.
    AlreadyCaptured,
    /// The capture answers COMPLETED, but only after this many milliseconds.
    Slow(u64),
}

#[derive(Default)]
struct State {
    next: u32,
    /// order id -> (custom_id, scenario, failures so far)
    orders: HashMap<String, (String, Scenario, u32)>,
    default: Option<Scenario>,
    capture_request_ids: Vec<String>,
    create_bodies: Vec<Value>,
    token_requests: u32,
}

pub struct FakePayPal {
    pub base: String,
    state: Arc<Mutex<State>>,
    /// While `true`, captures wait (a test does something between capture and answer).
    hold: tokio::sync::watch::Sender<bool>,
    arrived: Arc<std::sync::atomic::AtomicU32>,
    handle: actix_web::dev::ServerHandle,
}

fn order_json(id: &str, custom_id: &str, status: &str, value: &str, currency: &str) -> Value {
    json!({
        "id": id,
        "status": if status == "COMPLETED" { "COMPLETED" } else { "APPROVED" },
        "purchase_units": [{
            "custom_id": custom_id,
            "payments": {"captures": [{
                "id": format!("{id}-CAP"),
                "status": status,
                "amount": {"currency_code": currency, "value": value},
                "custom_id": custom_id,
            }]}
        }]
    })
}

fn authorised(req: &HttpRequest) -> bool {
    req.headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == "Bearer fake-token")
}

impl FakePayPal {
    pub async fn start() -> Self {
        let state = Arc::new(Mutex::new(State::default()));
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind fake PayPal");
        let port = listener.local_addr().expect("addr").port();
        let data = web::Data::from(state.clone());
        let (hold, _) = tokio::sync::watch::channel(false);
        let arrived = Arc::new(std::sync::atomic::AtomicU32::new(0));
        let gate = web::Data::new(Gate {
            hold: hold.clone(),
            arrived: arrived.clone(),
        });
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .app_data(gate.clone())
                .route("/v1/oauth2/token", web::post().to(token))
                .route("/v2/checkout/orders", web::post().to(create))
                .route("/v2/checkout/orders/{id}/capture", web::post().to(capture))
                .route("/v2/checkout/orders/{id}", web::get().to(get_order))
        })
        .workers(1)
        .listen(listener)
        .expect("listen")
        .run();
        let handle = server.handle();
        tokio::spawn(server);
        Self {
            base: format!("http://127.0.0.1:{port}"),
            state,
            hold,
            arrived,
            handle,
        }
    }

    /// Captures from now on wait until [`FakePayPal::release_captures`].
    pub fn hold_captures(&self) {
        self.hold.send_replace(true);
    }

    pub fn release_captures(&self) {
        self.hold.send_replace(false);
    }

    /// Capture requests received so far (held or not).
    pub fn captures_arrived(&self) -> u32 {
        self.arrived.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// How orders created from now on behave.
    pub fn set_default(&self, s: Scenario) {
        self.state.lock().expect("state").default = Some(s);
    }

    /// Makes an order as if created for `custom_id`, behaving as `s`.
    pub fn add_order(&self, custom_id: &str, s: Scenario) -> String {
        let mut st = self.state.lock().expect("state");
        st.next += 1;
        let id = format!("ORDER{:06}", st.next);
        st.orders.insert(id.clone(), (custom_id.to_owned(), s, 0));
        id
    }

    pub fn capture_request_ids(&self) -> Vec<String> {
        self.state
            .lock()
            .expect("state")
            .capture_request_ids
            .clone()
    }

    pub fn create_bodies(&self) -> Vec<Value> {
        self.state.lock().expect("state").create_bodies.clone()
    }

    pub fn token_requests(&self) -> u32 {
        self.state.lock().expect("state").token_requests
    }

    pub async fn stop(&self) {
        self.handle.stop(false).await;
    }
}

async fn token(st: web::Data<Mutex<State>>, req: HttpRequest) -> HttpResponse {
    st.lock().expect("state").token_requests += 1;
    if req.headers().get("authorization").is_none() {
        return HttpResponse::Unauthorized().finish();
    }
    HttpResponse::Ok()
        .json(json!({"access_token": "fake-token", "expires_in": 32400, "token_type": "Bearer"}))
}

async fn create(
    st: web::Data<Mutex<State>>,
    req: HttpRequest,
    body: web::Json<Value>,
) -> HttpResponse {
    if !authorised(&req) {
        return HttpResponse::Unauthorized().finish();
    }
    let mut s = st.lock().expect("state");
    s.create_bodies.push(body.0.clone());
    let custom = body["purchase_units"][0]["custom_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    s.next += 1;
    let id = format!("ORDER{:06}", s.next);
    let scenario = s.default.unwrap_or(Scenario::Completed);
    s.orders.insert(id.clone(), (custom, scenario, 0));
    HttpResponse::Created().json(json!({"id": id, "status": "CREATED"}))
}

struct Gate {
    hold: tokio::sync::watch::Sender<bool>,
    arrived: Arc<std::sync::atomic::AtomicU32>,
}

async fn capture(
    st: web::Data<Mutex<State>>,
    gate: web::Data<Gate>,
    req: HttpRequest,
    id: web::Path<String>,
) -> HttpResponse {
    if !authorised(&req) {
        return HttpResponse::Unauthorized().finish();
    }
    gate.arrived
        .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let mut held = gate.hold.subscribe();
    let _ = held.wait_for(|hold| !*hold).await;
    // A slow provider answers late, without holding the state while it waits.
    let slow = {
        let s = st.lock().expect("state");
        match s.orders.get(id.as_str()) {
            Some((custom, Scenario::Slow(ms), _)) => Some((custom.clone(), *ms)),
            _ => None,
        }
    };
    if let Some((custom, ms)) = slow {
        tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
        return HttpResponse::Created().json(order_json(&id, &custom, "COMPLETED", "5.00", "USD"));
    }
    let mut s = st.lock().expect("state");
    if let Some(rid) = req
        .headers()
        .get("paypal-request-id")
        .and_then(|v| v.to_str().ok())
    {
        s.capture_request_ids.push(rid.to_owned());
    }
    let Some((custom, scenario, fails)) = s.orders.get_mut(id.as_str()) else {
        return HttpResponse::NotFound().json(json!({"name": "RESOURCE_NOT_FOUND"}));
    };
    let custom = custom.clone();
    match *scenario {
        Scenario::Down => HttpResponse::ServiceUnavailable().finish(),
        Scenario::FailThenComplete(n) if *fails < n => {
            *fails += 1;
            HttpResponse::InternalServerError().finish()
        }
        Scenario::AlreadyCaptured => HttpResponse::UnprocessableEntity()
            .json(json!({"name": "UNPROCESSABLE_ENTITY", "details": [{"issue": "ORDER_ALREADY_CAPTURED"}]})),
        Scenario::Pending => HttpResponse::Created().json(order_json(&id, &custom, "PENDING", "5.00", "USD")),
        Scenario::Declined => HttpResponse::Created().json(order_json(&id, &custom, "DECLINED", "5.00", "USD")),
        Scenario::WrongAmount => HttpResponse::Created().json(order_json(&id, &custom, "COMPLETED", "0.50", "USD")),
        Scenario::WrongCurrency => HttpResponse::Created().json(order_json(&id, &custom, "COMPLETED", "5.00", "EUR")),
        Scenario::Completed | Scenario::FailThenComplete(_) | Scenario::Slow(_) => {
            HttpResponse::Created().json(order_json(&id, &custom, "COMPLETED", "5.00", "USD"))
        }
    }
}

async fn get_order(
    st: web::Data<Mutex<State>>,
    req: HttpRequest,
    id: web::Path<String>,
) -> HttpResponse {
    if !authorised(&req) {
        return HttpResponse::Unauthorized().finish();
    }
    let s = st.lock().expect("state");
    match s.orders.get(id.as_str()) {
        Some((custom, _, _)) => {
            HttpResponse::Ok().json(order_json(&id, custom, "COMPLETED", "5.00", "USD"))
        }
        None => HttpResponse::NotFound().finish(),
    }
}
