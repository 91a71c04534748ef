use ddz_app::agent::EngineWorker;
use yew_agent::Registrable;

fn main() {
    EngineWorker::registrar().register();
}
