use ddz_app::worker::EngineWorker;
use yew_agent::Registrable;

fn main() {
    EngineWorker::registrar().register();
}
