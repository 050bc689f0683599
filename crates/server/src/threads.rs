//! The threads heavy work runs on, and their CPU priority: requests first, then hashing and
//! drawing, then bulk import work.

/// CPUs this process may use (2 when unknown).
pub(crate) fn cpus() -> usize {
    std::thread::available_parallelism().map_or(2, usize::from)
}

/// `configured`, or when 0 (the default) `default` threads.
pub(crate) fn or_default(configured: usize, default: usize) -> usize {
    match configured {
        0 => default,
        n => n,
    }
}

/// Runs on each import thread: reading a 500 MB export is seconds of bulk work nobody waits
/// on to the millisecond, so it runs only when a CPU has nothing else to do (SCHED_IDLE).
/// Niceness ranks threads within this process's scheduling group only; PostgreSQL's
/// backends, in their own group, would still wait behind a nice-19 parse (`make bench`
/// measured other users' p99 on PostgreSQL during an Apple Health import), while any
/// normal thread that wakes preempts a SCHED_IDLE one at once, whatever its group.
pub(crate) fn idle_thread_priority() {
    if let Err(e) = lowest_priority(true) {
        tracing::warn!(error = %e, "could not make the import thread idle-priority");
        lower_thread_priority();
    }
}

/// Runs on each password-hashing and report-drawing thread. A login can wait a few
/// milliseconds; the requests of everyone else should not wait behind a burst of Argon2
/// work, so these threads take the lowest CPU priority (nice 19) and the kernel runs this
/// process's other threads first. `make bench` checks that 20 concurrent logins leave
/// other requests' p99 within 5 ms.
pub(crate) fn lower_thread_priority() {
    if let Err(e) = lowest_priority(false) {
        tracing::warn!(error = %e, "could not lower the password-hashing thread's priority");
    }
}

/// The calling thread at the lowest priority (on Linux the setting is the thread's alone):
/// nice 19, or SCHED_IDLE when `idle`; the system's refusal, if it refused.
fn lowest_priority(idle: bool) -> Result<(), String> {
    #[cfg(target_os = "linux")]
    {
        use thread_priority::{
            NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
            set_thread_priority_and_policy, thread_native_id,
        };
        let policy = if idle {
            NormalThreadSchedulePolicy::Idle
        } else {
            NormalThreadSchedulePolicy::Other
        };
        set_thread_priority_and_policy(
            thread_native_id(),
            ThreadPriority::Min,
            ThreadSchedulePolicy::Normal(policy),
        )
        .map_err(|e| format!("{e:?}"))
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = idle;
        Ok(())
    }
}
